# Unity builds (CMake's UNITY_BUILD, batch mode) for our larger targets. A fresh build on two
# cores spent most of its time reading the same headers once per translation unit: LibTorch's
# (even loading it as a precompiled header costs a file ~5 s), Qt's, GoogleTest's, CLI11's.
# A batch of files compiled as one unit reads them once. docs/development.md has the figures.
#
# -DCMAKE_UNITY_BUILD=OFF compiles every file on its own again: for finding a file that leans on
# an include another file of its batch made, or rebuilding one file fast while editing it.
#
# Files of one batch share a translation unit, so their file-local names (anonymous namespaces,
# `static`) must differ: a test file scopes its helpers in a namespace named after the file.
function(bb_unity_build target batch_size)
  if(DEFINED CMAKE_UNITY_BUILD AND NOT CMAKE_UNITY_BUILD)
    return()
  endif()
  set_target_properties(${target} PROPERTIES
    UNITY_BUILD ON UNITY_BUILD_MODE BATCH UNITY_BUILD_BATCH_SIZE ${batch_size})
  # CMake leaves files with their own definitions, options or include directories out of the
  # batches by itself, but not files that skip the precompiled header: a batch would give them
  # the header (and the flags it was built with) again. They compile on their own.
  get_target_property(sources ${target} SOURCES)
  foreach(source IN LISTS sources)
    get_source_file_property(skip_pch ${source} TARGET_DIRECTORY ${target} SKIP_PRECOMPILE_HEADERS)
    if(skip_pch)
      set_property(SOURCE ${source} TARGET_DIRECTORY ${target} PROPERTY SKIP_UNITY_BUILD_INCLUSION ON)
    endif()
  endforeach()
endfunction()
