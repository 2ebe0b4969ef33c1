# Configures BridgeBench afresh and checks its unity builds (cmake/UnityBuild.cmake): core's layers
# compile in batches; the files with a property of their own (app_paths.cpp's definition, the generated
# reference tables' SKIP_PRECOMPILE_HEADERS) in no batch, so that the property still holds; and
# with -DCMAKE_UNITY_BUILD=OFF no batch at all.
#   cmake -DSOURCE=... -DBINARY=... -DGENERATOR=... -P unity_check.cmake
include(${CMAKE_CURRENT_LIST_DIR}/configure.cmake)
set(batches "${BINARY}/core/CMakeFiles/bb_core_*.dir/Unity")

file(REMOVE_RECURSE "${BINARY}")
bb_configure(output)
file(GLOB unity_sources "${batches}/unity_*_cxx.cxx")
if(NOT unity_sources)
  message(FATAL_ERROR "core has no unity batches in ${batches}")
endif()
set(included "")
foreach(batch IN LISTS unity_sources)
  file(READ "${batch}" text)
  string(APPEND included "${text}")
endforeach()
foreach(own IN ITEMS "/src/util/app_paths.cpp\"" "/shipped_table_files.cpp\"")
  if(included MATCHES "${own}")
    message(FATAL_ERROR "${own} has a property of its own, yet a unity batch of core includes it")
  endif()
endforeach()
if(NOT included MATCHES "/src/store/result_store.cpp\"")
  message(FATAL_ERROR "core's batches leave out store/result_store.cpp, a file with no property of its own")
endif()

file(REMOVE_RECURSE "${BINARY}")
bb_configure(output -DCMAKE_UNITY_BUILD=OFF)
file(GLOB unity_sources "${batches}/unity_*_cxx.cxx")
if(unity_sources)
  message(FATAL_ERROR "-DCMAKE_UNITY_BUILD=OFF, yet core has unity batches in ${batches}")
endif()
file(REMOVE_RECURSE "${BINARY}")
