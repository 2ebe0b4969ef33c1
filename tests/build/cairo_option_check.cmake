# BB_WITH_CAIRO=OFF set on a build folder that had found Cairo: the reconfiguration must drop
# Cairo (pkg-config's CAIRO_FOUND stays in the cache from the first run) and, with
# BB_BUILD_GUI=AUTO, the window that needs it.
#   cmake -DSOURCE=... -DBINARY=... -DGENERATOR=... -P cairo_option_check.cmake
include(${CMAKE_CURRENT_LIST_DIR}/configure.cmake)
file(REMOVE_RECURSE "${BINARY}")
function(configure expect_cairo expect_gui)
  bb_configure(output ${ARGN})
  string(REGEX MATCH "Cairo for PDF and PNG reports: ([A-Z]+)" said_cairo "${output}")
  set(cairo "${CMAKE_MATCH_1}")
  string(REGEX MATCH "Qt front end \\(BB_BUILD_GUI=AUTO\\): ([A-Z]+)" said_gui "${output}")
  set(gui "${CMAKE_MATCH_1}")
  if(NOT cairo STREQUAL expect_cairo OR NOT gui STREQUAL expect_gui)
    message(FATAL_ERROR "with '${ARGN}' expected Cairo ${expect_cairo} and the Qt front end ${expect_gui}; "
                        "the configuration said '${said_cairo}' and '${said_gui}':\n${output}")
  endif()
endfunction()
configure(ON ON)
configure(OFF OFF -DBB_WITH_CAIRO=OFF)
configure(ON ON -DBB_WITH_CAIRO=ON)
file(REMOVE_RECURSE "${BINARY}")
