# Refuses core sources that include a header of a layer their own does not build on
# (cmake/CoreLayers.cmake), and front-end sources outside ui/adapters/ that include the store's.
# A compiler sees only what it includes, and every layer's sources share core/src as their
# include root, so an upward #include of an internal header would otherwise build; this reads
# the #include lines instead. Run as a build step of core (core/CMakeLists.txt) and as a test
# against a tree made to break it (tests/core/layers_test.cmake):
#   cmake -DCORE_DIR=<core> [-DUI_DIR=<ui>] [-DSTAMP=<file>] -P CheckCoreLayers.cmake
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/CoreLayers.cmake)

foreach(layer IN LISTS BB_CORE_LAYERS)
  file(GLOB headers RELATIVE ${CORE_DIR}/include/${layer}/bridgebench ${CORE_DIR}/include/${layer}/bridgebench/*.h)
  foreach(header IN LISTS headers)
    set(owner_${header} ${layer})
  endforeach()
endforeach()

# The layer that owns an included path, in `owner`; empty for what is not core's.
function(bb_header_owner include)
  set(owner "")
  if(include MATCHES "^bridgebench/(.+)$")
    set(owner "${owner_${CMAKE_MATCH_1}}")
  elseif(include MATCHES "^([a-z_]+)/")
    if(CMAKE_MATCH_1 IN_LIST BB_CORE_LAYERS)
      set(owner ${CMAKE_MATCH_1})
    endif()
  endif()
  set(owner "${owner}" PARENT_SCOPE)
endfunction()

function(bb_included_paths file)
  file(STRINGS ${file} lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  set(paths "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*$" "\\1" path "${line}")
    list(APPEND paths ${path})
  endforeach()
  set(paths "${paths}" PARENT_SCOPE)
endfunction()

set(problems "")
foreach(layer IN LISTS BB_CORE_LAYERS)
  file(GLOB_RECURSE files ${CORE_DIR}/src/${layer}/*.h ${CORE_DIR}/src/${layer}/*.cpp
       ${CORE_DIR}/include/${layer}/bridgebench/*.h)
  foreach(file IN LISTS files)
    bb_included_paths(${file})
    foreach(path IN LISTS paths)
      bb_header_owner(${path})
      if(owner AND NOT owner STREQUAL layer AND NOT owner IN_LIST BB_LAYER_BELOW_${layer})
        file(RELATIVE_PATH shown ${CORE_DIR} ${file})
        string(APPEND problems "  core/${shown} (layer ${layer}) includes ${path} (layer ${owner}), "
               "which ${layer} does not build on\n")
      endif()
    endforeach()
  endforeach()
endforeach()

# The window reaches the store through its adapters only (ui/adapters/run_store.h), which read
# it off the UI thread.
if(UI_DIR)
  file(GLOB_RECURSE files ${UI_DIR}/*.h ${UI_DIR}/*.cpp)
  foreach(file IN LISTS files)
    if(file MATCHES "/adapters/[^/]+$")
      continue()
    endif()
    bb_included_paths(${file})
    foreach(path IN LISTS paths)
      bb_header_owner(${path})
      if(owner STREQUAL "store")
        file(RELATIVE_PATH shown ${UI_DIR} ${file})
        string(APPEND problems "  ui/${shown} includes ${path} (layer store): only ui/adapters/ reaches the store\n")
      endif()
    endforeach()
  endforeach()
endif()

if(problems)
  message(FATAL_ERROR "Includes across core's layers the wrong way (cmake/CoreLayers.cmake):\n${problems}")
endif()
if(STAMP)
  file(TOUCH ${STAMP})
endif()
