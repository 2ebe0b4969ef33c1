execute_process(COMMAND git -C ${GIT_DIR} rev-parse --short=12 HEAD
                OUTPUT_VARIABLE GIT_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
execute_process(COMMAND git -C ${GIT_DIR} status --porcelain --untracked-files=no
                OUTPUT_VARIABLE GIT_DIRTY OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
set(SOURCE_TREE "")
if(NOT GIT_COMMIT)
  set(GIT_COMMIT "unknown")
elseif(GIT_DIRTY)
  string(APPEND GIT_COMMIT "-dirty")
  # A dirty commit does not say which files were built: a copy of the repository whose HEAD
  # lags its files (the lent GPU's, on 4 Dec 2026) reads as its old commit. The hash of the
  # tree as it is does, and `git log --format='%h %T'` finds the commit that has it. A scratch
  # index leaves the repository's own untouched.
  set(index ${DST}.index)
  file(REMOVE ${index})
  execute_process(COMMAND ${CMAKE_COMMAND} -E env GIT_INDEX_FILE=${index} git -C ${GIT_DIR} add -A .
                  RESULT_VARIABLE added OUTPUT_QUIET ERROR_QUIET)
  if(added EQUAL 0)
    execute_process(COMMAND ${CMAKE_COMMAND} -E env GIT_INDEX_FILE=${index} git -C ${GIT_DIR} write-tree
                    OUTPUT_VARIABLE SOURCE_TREE OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    string(SUBSTRING "${SOURCE_TREE}" 0 12 SOURCE_TREE)
  endif()
  file(REMOVE ${index})
endif()
configure_file(${SRC} ${DST}.tmp @ONLY)
# Rewrite only on change so that an unchanged commit does not relink everything.
file(COPY_FILE ${DST}.tmp ${DST} ONLY_IF_DIFFERENT)
