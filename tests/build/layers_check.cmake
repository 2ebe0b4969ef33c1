# cmake/CheckCoreLayers.cmake against trees made to break it: a file of the run model including
# the store's public header, an analysis file including an internal header of the store, and a
# window widget including the store; then the same tree without them, and the real one.
#   cmake -DSOURCE=... -DBINARY=... -P layers_check.cmake
set(check ${SOURCE}/cmake/CheckCoreLayers.cmake)
set(tree ${BINARY}/tree)
file(REMOVE_RECURSE ${tree})

file(WRITE ${tree}/core/include/run/bridgebench/run_thing.h "#pragma once\n")
file(WRITE ${tree}/core/include/store/bridgebench/result_store.h "#pragma once\n#include \"bridgebench/run_thing.h\"\n")
file(WRITE ${tree}/core/src/store/rows.h "#pragma once\n#include \"bridgebench/result_store.h\"\n")
file(WRITE ${tree}/core/src/session/session.cpp "#include \"store/rows.h\"\n#include \"bridgebench/run_thing.h\"\n")
file(WRITE ${tree}/ui/adapters/run_store.cpp "#include \"bridgebench/result_store.h\"\n")
file(WRITE ${tree}/ui/widgets/view.cpp "#include \"adapters/run_store.h\"\n")

function(run_check core ui)
  execute_process(COMMAND ${CMAKE_COMMAND} -DCORE_DIR=${core} -DUI_DIR=${ui} -P ${check}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(rc ${rc} PARENT_SCOPE)
  set(said "${out}${err}" PARENT_SCOPE)
endfunction()

run_check(${tree}/core ${tree}/ui)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "a tree whose includes go down only was refused:\n${said}")
endif()

file(WRITE ${tree}/core/src/run/run_thing.cpp "#include \"bridgebench/run_thing.h\"\n#include \"bridgebench/result_store.h\"\n")
file(WRITE ${tree}/core/src/analysis/figures.cpp "#include \"store/rows.h\"\n")
file(APPEND ${tree}/ui/widgets/view.cpp "#include \"bridgebench/result_store.h\"\n")
run_check(${tree}/core ${tree}/ui)
if(rc EQUAL 0)
  message(FATAL_ERROR "a tree with includes up the layers passed:\n${said}")
endif()
foreach(expected
    "core/src/run/run_thing.cpp (layer run) includes bridgebench/result_store.h (layer store)"
    "core/src/analysis/figures.cpp (layer analysis) includes store/rows.h (layer store)"
    "ui/widgets/view.cpp includes bridgebench/result_store.h (layer store)")
  string(FIND "${said}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the refusal does not say \"${expected}\":\n${said}")
  endif()
endforeach()
foreach(allowed "session.cpp" "adapters/run_store.cpp" "store/rows.h (layer store) includes")
  string(FIND "${said}" "${allowed}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "the refusal names \"${allowed}\", whose includes go down:\n${said}")
  endif()
endforeach()

run_check(${SOURCE}/core ${SOURCE}/ui)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the project's own tree was refused:\n${said}")
endif()
file(REMOVE_RECURSE ${tree})
