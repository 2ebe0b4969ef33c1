# CPack: a Debian package whose dependencies are Debian's runtime packages (dpkg-shlibdeps reads
# them off the binaries). scripts/check-package.sh builds and checks it.

# The desktop integration belongs with the GUI; a headless build packages the CLI alone.
set(BB_APP_ID invalid.bridgebench.BridgeBench)
if(BB_BUILD_GUI)
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/linux/${BB_APP_ID}.desktop DESTINATION share/applications)
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/linux/${BB_APP_ID}.metainfo.xml DESTINATION share/metainfo)
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/linux/bridgebench.svg
          DESTINATION share/icons/hicolor/scalable/apps RENAME ${BB_APP_ID}.svg)
  # Qt translations need no files here: the ui embeds its compiled .qm files as resources.
endif()

# The user guide, where the window's Help menu and the man pages point: README.md beside docs/,
# so that its links hold.
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION share/doc/bridgebench)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs DESTINATION share/doc/bridgebench)
include(${CMAKE_CURRENT_LIST_DIR}/ManPages.cmake)

set(CPACK_PACKAGE_NAME bridgebench)
set(CPACK_PACKAGE_VENDOR "BridgeBench")
set(CPACK_PACKAGE_CONTACT "BridgeBench developers <dev@bridgebench.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "Fine-tunes BridgeTower-style vision-language models and measures where each training step spends its
time; imports Hugging Face Trainer, TensorBoard and CSV results and writes HTML and PDF reports.")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
# Cairo draws report text with whatever fontconfig finds; DejaVu is what the charts are laid out for.
# Qt's own dialogs and buttons follow the GUI's language only with Qt's translations.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-dejavu-core, qt6-translations-l10n")
# The zh_TW translation needs a font with its characters; without one the GUI shows English.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "fonts-noto-cjk")
set(CPACK_STRIP_FILES ON)
include(CPack)

# The package check runs CPack on the whole build: ctest -L packaging, after a complete build.
# BB_BUILD_GUI is ON or OFF here (AUTO resolved, cmake/GuiAuto.cmake), which the cache does not say.
if(BB_BUILD_TESTS)
  if(BB_BUILD_GUI)
    set(bb_package_kind gui)
  else()
    set(bb_package_kind headless)
  endif()
  add_test(NAME package_check COMMAND ${PROJECT_SOURCE_DIR}/scripts/check-package.sh ${PROJECT_BINARY_DIR} ${bb_package_kind})
  set_tests_properties(package_check PROPERTIES LABELS packaging RUN_SERIAL TRUE TIMEOUT 900)
endif()
