# BB_SANITIZE=address|thread (presets asan, tsan): the whole build instrumented. Errors abort (a
# test that trips one fails) rather than print and go on.
if(BB_SANITIZE STREQUAL "address")
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g1)
  add_link_options(-fsanitize=address,undefined)
elseif(BB_SANITIZE STREQUAL "thread")
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer -g1)
  add_link_options(-fsanitize=thread)
elseif(NOT BB_SANITIZE STREQUAL "")
  message(FATAL_ERROR "BB_SANITIZE is '${BB_SANITIZE}'; expected address, thread or nothing")
endif()
