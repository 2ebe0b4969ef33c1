execute_process(COMMAND git -C ${GIT_DIR} rev-parse --short=12 HEAD
                OUTPUT_VARIABLE GIT_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
execute_process(COMMAND git -C ${GIT_DIR} status --porcelain --untracked-files=no
                OUTPUT_VARIABLE GIT_DIRTY OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT GIT_COMMIT)
  set(GIT_COMMIT "unknown")
elseif(GIT_DIRTY)
  string(APPEND GIT_COMMIT "-dirty")
endif()
configure_file(${SRC} ${DST}.tmp @ONLY)
# Rewrite only on change so that an unchanged commit does not relink everything.
file(COPY_FILE ${DST}.tmp ${DST} ONLY_IF_DIFFERENT)
