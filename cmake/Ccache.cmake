# ccache shares objects between build trees (CCACHE_BASEDIR makes paths relative) and
# accepts precompiled headers (the sloppiness flags ccache's manual asks for with PCH).
find_program(BB_CCACHE ccache)
if(BB_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(CMAKE_CXX_COMPILER_LAUNCHER
      ${CMAKE_COMMAND} -E env
      CCACHE_BASEDIR=${CMAKE_SOURCE_DIR}
      CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
      CCACHE_NOHASHDIR=1
      ${BB_CCACHE})
endif()
