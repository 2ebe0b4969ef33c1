# The core tests that include LibTorch (directly or through core's internal headers). They build
# with core's precompiled header (torch/torch.h, nlohmann/json, fmt); every other core test is
# pure logic and builds without it (tests/CMakeLists.txt): loading that 660 MB header costs a
# translation unit ~5 s whether it uses LibTorch or not.
# A test that comes to include LibTorch belongs here; left out, it still builds, only slower.
set(BB_CORE_TORCH_TESTS
    bridgetower_model_test.cpp
    bridgetower_parity_test.cpp
    data/buffer_pool_test.cpp
    data/device_decoding_test.cpp
    data/device_preparer_test.cpp
    data/loader_stager_test.cpp
    data/loader_test.cpp
    distributed/bucket_reducer_test.cpp
    distributed/data_parallel_sync_test.cpp
    distributed/host_cpu_share_test.cpp
    distributed/world_test.cpp
    dropout_test.cpp
    engine/autocast_guard_test.cpp
    engine/core_contention_test.cpp
    engine/device_memory_test.cpp
    engine/environment_test.cpp
    engine/gemm_peak_test.cpp
    engine/grad_scaler_test.cpp
    engine/loader_training_test.cpp
    engine/pipeline_probe_test.cpp
    engine/run_memory_estimate_test.cpp
    engine/step_cycle_test.cpp
    engine/step_timer_test.cpp
    engine/text_length_test.cpp
    engine/tf32_test.cpp
    fused_adamw_test.cpp
    fused_grad_clip_test.cpp
    head_products_test.cpp
    model/adamw_device_kernel_test.cpp
    model/fused_attention_test.cpp
    model_forward_test.cpp
    model_info_test.cpp
    run_config_test.cpp
    safetensors_test.cpp
    state_dict_io_test.cpp
    profiling/op_capture_test.cpp
)
