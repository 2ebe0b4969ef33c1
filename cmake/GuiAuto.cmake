# BB_BUILD_GUI=AUTO (the cuda preset): the Qt front end where what it needs is found, as on a GPU
# workstation, and none on a GPU server without Qt, rather than a configuration that fails there
# or a workstation left without its window. ON requires Qt 6 and Cairo; OFF builds none. Included by
# cmake/Dependencies.cmake after its Cairo lookup (BB_HAVE_CAIRO).
# From here on BB_BUILD_GUI is ON or OFF for every file that tests it.
if(BB_BUILD_GUI STREQUAL "AUTO")
  find_package(Qt6 6.4 QUIET COMPONENTS Widgets Charts Svg PrintSupport Test LinguistTools)
  set(bb_gui_missing "")
  if(NOT Qt6_FOUND)
    list(APPEND bb_gui_missing "Qt 6.4+ (Widgets, Charts, Svg, PrintSupport, Test, LinguistTools)")
  endif()
  if(NOT BB_HAVE_CAIRO)
    list(APPEND bb_gui_missing "Cairo through pkg-config")
  endif()
  if(bb_gui_missing)
    set(BB_BUILD_GUI OFF)
    list(JOIN bb_gui_missing ", " bb_gui_missing)
    message(STATUS "Qt front end (BB_BUILD_GUI=AUTO): OFF, for want of ${bb_gui_missing}")
  else()
    set(BB_BUILD_GUI ON)
    message(STATUS "Qt front end (BB_BUILD_GUI=AUTO): ON")
  endif()
endif()
