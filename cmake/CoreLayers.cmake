# Core's layers, lowest first, each with the layers it builds on. Each is a static library of
# its own (core/CMakeLists.txt) linking only these, its public headers in core/include/<layer>/
# and its sources in core/src/<layer>/; cmake/CheckCoreLayers.cmake refuses a build in which a
# file includes a header of a layer its own does not build on, directly or through another.
# docs/architecture.md says what each holds.
set(BB_CORE_LAYERS
  util run text model timeline profiling config data analysis formats store interop engine distributed
  session report)
set(BB_LAYER_USES_util "")
set(BB_LAYER_USES_run util)
set(BB_LAYER_USES_text util)
set(BB_LAYER_USES_model run text)
set(BB_LAYER_USES_timeline run)
set(BB_LAYER_USES_profiling run)
set(BB_LAYER_USES_config model text)
set(BB_LAYER_USES_data config timeline)
set(BB_LAYER_USES_analysis model)
set(BB_LAYER_USES_formats run)
set(BB_LAYER_USES_store analysis formats config)
set(BB_LAYER_USES_interop store)
set(BB_LAYER_USES_engine data profiling analysis)
set(BB_LAYER_USES_distributed engine)
set(BB_LAYER_USES_session distributed interop)
set(BB_LAYER_USES_report interop)

# BB_LAYER_BELOW_<layer>: every layer it builds on, directly or through another.
foreach(layer IN LISTS BB_CORE_LAYERS)
  set(below ${BB_LAYER_USES_${layer}})
  set(pending ${below})
  while(pending)
    list(POP_FRONT pending next)
    foreach(further IN LISTS BB_LAYER_USES_${next})
      if(NOT further IN_LIST below)
        list(APPEND below ${further})
        list(APPEND pending ${further})
      endif()
    endforeach()
  endwhile()
  set(BB_LAYER_BELOW_${layer} ${below})
endforeach()

# A layer builds only on layers listed before it, so no two can build on each other.
set(seen "")
foreach(layer IN LISTS BB_CORE_LAYERS)
  foreach(used IN LISTS BB_LAYER_USES_${layer})
    if(NOT used IN_LIST seen)
      message(FATAL_ERROR "cmake/CoreLayers.cmake: layer ${layer} builds on ${used}, which is not listed before it")
    endif()
  endforeach()
  list(APPEND seen ${layer})
endforeach()
unset(seen)
