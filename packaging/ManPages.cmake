# Man pages made at build time from the programs' own --help and --version by Debian's help2man,
# so they cannot drift from the options; the CLI's page also holds every subcommand's --help
# (scripts/man-subcommands.sh). A build without help2man (a GPU server) makes none and says so.
find_program(BB_HELP2MAN help2man)
if(NOT BB_HELP2MAN)
  message(STATUS "Man pages: OFF (help2man not found)")
  return()
endif()
message(STATUS "Man pages: ON (${BB_HELP2MAN})")

set(BB_MAN_DIR ${PROJECT_BINARY_DIR}/man)
set(BB_MAN_PAGES "")

# help2man's name line for `target`, and an --include file written by `extra` (a command that
# prints help2man sections), if any.
function(bb_man_page target summary)
  set(page ${BB_MAN_DIR}/${target}.1)
  set(include_args "")
  set(include_cmd "")
  if(ARGN)
    set(extra ${BB_MAN_DIR}/${target}.h2m)
    set(include_cmd COMMAND ${ARGN} $<TARGET_FILE:${target}> > ${extra})
    set(include_args --include=${extra})
  endif()
  add_custom_command(
    OUTPUT ${page}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${BB_MAN_DIR}
    ${include_cmd}
    # The window's --help needs a Qt platform, not a display. The --db default is the reader's own
    # (~/.local/share/...), not the builder's home; the name and version are the page's, not the
    # first line of --version's build report.
    COMMAND ${CMAKE_COMMAND} -E env --unset=BRIDGEBENCH_DB --unset=XDG_DATA_HOME HOME=~ QT_QPA_PLATFORM=offscreen
            ${BB_HELP2MAN} --no-info --section=1 --name=${summary} --version-string=${target}\ ${PROJECT_VERSION}
            ${include_args} --output=${page} $<TARGET_FILE:${target}>
    COMMAND gzip -9nf ${page}
    DEPENDS ${target} ${PROJECT_SOURCE_DIR}/scripts/man-subcommands.sh
    VERBATIM)
  set(BB_MAN_PAGES ${BB_MAN_PAGES} ${page}.gz PARENT_SCOPE)
endfunction()

bb_man_page(bridgebench-cli "training-throughput benchmarks for vision-language models, headless"
            ${PROJECT_SOURCE_DIR}/scripts/man-subcommands.sh)
if(BB_BUILD_GUI)
  bb_man_page(bridgebench "training-throughput explorer for vision-language models")
endif()
add_custom_target(man_pages ALL DEPENDS ${BB_MAN_PAGES})
install(FILES ${BB_MAN_PAGES} DESTINATION share/man/man1)
