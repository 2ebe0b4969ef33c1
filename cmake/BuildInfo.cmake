# The commit is read at configure time and again at build time (a custom target) so that
# --version names the commit the binary was built from, not the one last configured.
set(BB_BUILD_INFO_IN ${CMAKE_SOURCE_DIR}/cmake/build_info.cpp.in)
set(BB_BUILD_INFO_OUT ${CMAKE_BINARY_DIR}/generated/build_info.cpp)
add_custom_target(bb_build_info
  COMMAND ${CMAKE_COMMAND}
          -DSRC=${BB_BUILD_INFO_IN} -DDST=${BB_BUILD_INFO_OUT}
          -DGIT_DIR=${CMAKE_SOURCE_DIR} -DAPP_VERSION=${PROJECT_VERSION}
          -P ${CMAKE_SOURCE_DIR}/cmake/WriteBuildInfo.cmake
  BYPRODUCTS ${BB_BUILD_INFO_OUT}
  COMMENT "Stamping build info")
