# For the configuration checks here (cmake -P scripts): configures SOURCE into BINARY with
# GENERATOR, BB_BUILD_GUI=AUTO as the cuda preset sets it, no tests or benchmarks, and the given
# cache settings, and leaves what it printed in OUT_VAR; a failed configuration fails the check.
function(bb_configure out_var)
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${BINARY}" -G "${GENERATOR}" -DBB_BUILD_GUI=AUTO
            -DBB_BUILD_TESTS=OFF -DBB_BUILD_BENCH=OFF ${ARGN}
    RESULT_VARIABLE configured
    OUTPUT_VARIABLE output
    ERROR_VARIABLE errors)
  if(NOT configured EQUAL 0)
    message(FATAL_ERROR "configuring with BB_BUILD_GUI=AUTO ${ARGN} failed (${configured}):\n${output}\n${errors}")
  endif()
  set(${out_var} "${output}" PARENT_SCOPE)
endfunction()
