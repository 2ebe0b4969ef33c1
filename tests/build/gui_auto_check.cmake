# Configures BridgeBench afresh with BB_BUILD_GUI=AUTO, as the cuda preset does, and checks what
# came of it: the configuration must succeed and say whether the Qt front end is built, and the
# generated build must hold the `bridgebench` window target exactly when it says so.
#   cmake -DSOURCE=... -DBINARY=... -DGENERATOR=... -DEXPECT=ON|OFF [-DEXTRA=a;b] -P gui_auto_check.cmake
# EXTRA holds extra cache settings, e.g. -DCMAKE_DISABLE_FIND_PACKAGE_Qt6=ON to stand for a GPU
# server: CMake then looks for no Qt, as on a machine where none is installed.
include(${CMAKE_CURRENT_LIST_DIR}/configure.cmake)
file(REMOVE_RECURSE "${BINARY}")
bb_configure(output ${EXTRA})
string(REGEX MATCH "Qt front end \\(BB_BUILD_GUI=AUTO\\): ([A-Z]+)[^\n]*" said "${output}")
if(NOT said)
  message(FATAL_ERROR "the configuration did not say whether it builds the Qt front end:\n${output}")
endif()
message(STATUS "${said}")
if(NOT CMAKE_MATCH_1 STREQUAL EXPECT)
  message(FATAL_ERROR "expected the Qt front end ${EXPECT}, the configuration said: ${said}")
endif()
file(READ "${BINARY}/CMakeCache.txt" cache)
if(NOT cache MATCHES "\nBB_BUILD_GUI:STRING=AUTO\n")
  message(FATAL_ERROR "BB_BUILD_GUI should stay AUTO in the cache, so that a reconfiguration decides again")
endif()
# Every generator writes a folder of this name for each target it generates.
if(EXPECT STREQUAL "ON" AND NOT IS_DIRECTORY "${BINARY}/app/CMakeFiles/bridgebench.dir")
  message(FATAL_ERROR "the configuration said ON, yet generated no bridgebench target")
elseif(EXPECT STREQUAL "OFF" AND IS_DIRECTORY "${BINARY}/app/CMakeFiles/bridgebench.dir")
  message(FATAL_ERROR "the configuration said OFF, yet generated the bridgebench target")
endif()
file(REMOVE_RECURSE "${BINARY}")
