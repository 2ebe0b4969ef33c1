# BB_FUZZ: the libFuzzer targets of tests/fuzz and nothing else, every translation unit built
# with coverage instrumentation, AddressSanitizer and UndefinedBehaviorSanitizer (UB aborts, so
# the fuzzer reports it as a crash). Needs clang (Debian: clang-14 libclang-rt-14-dev).
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "BB_FUZZ needs clang (libFuzzer); configure with the `fuzz` preset")
endif()
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
                    -fno-omit-frame-pointer -g)
add_link_options(-fsanitize=address,undefined)
add_subdirectory(${PROJECT_SOURCE_DIR}/core/proto ${CMAKE_BINARY_DIR}/core/proto)
add_subdirectory(${PROJECT_SOURCE_DIR}/tests/fuzz ${CMAKE_BINARY_DIR}/tests/fuzz)
