# The readers alone, instrumented (BB_FUZZ builds compile everything with the flags set in
# cmake/Fuzz.cmake). Only these sources: the rest of core is LibTorch-heavy and reads nothing
# from outside, and compiling it with clang and sanitizers would cost most of an hour on two cores.
set(BB_CORE_SRC ${PROJECT_SOURCE_DIR}/core/src)
add_library(bb_fuzz_readers STATIC
  ${BB_CORE_SRC}/model/safetensors_header.cpp
  ${BB_CORE_SRC}/formats/tfevents/crc32c.cpp
  ${BB_CORE_SRC}/formats/tfevents/tensor_scalar.cpp
  ${BB_CORE_SRC}/formats/tfevents/tfevents_file.cpp
  ${BB_CORE_SRC}/formats/tfevents/tfrecord_format.cpp
  ${BB_CORE_SRC}/formats/tfevents/tfrecord_reader.cpp
  ${BB_CORE_SRC}/formats/trainer/json_fields.cpp
  ${BB_CORE_SRC}/formats/trainer/trainer_state.cpp
  ${BB_CORE_SRC}/formats/trainer/trainer_train_metrics.cpp
  ${BB_CORE_SRC}/formats/csv/csv_reader.cpp
  ${BB_CORE_SRC}/formats/csv/csv_table.cpp
  ${BB_CORE_SRC}/interop/import/csv_import.cpp
  ${BB_CORE_SRC}/interop/import/csv_run_rows.cpp
  ${BB_CORE_SRC}/formats/content_uuid.cpp
  ${BB_CORE_SRC}/interop/import/imported_record.cpp
  ${BB_CORE_SRC}/interop/import/imported_facts.cpp
  ${BB_CORE_SRC}/interop/import/imported_summary.cpp
  ${BB_CORE_SRC}/formats/step_fields.cpp
  ${BB_CORE_SRC}/run/run_summary.cpp
  ${BB_CORE_SRC}/run/pipeline_probe.cpp
  ${BB_CORE_SRC}/util/file_contents.cpp
  ${BB_CORE_SRC}/util/json_text.cpp
  ${BB_CORE_SRC}/util/time_format.cpp
  ${BB_CORE_SRC}/data/manifest_reader.cpp
  ${BB_CORE_SRC}/data/coco_captions_reader.cpp
  ${BB_CORE_SRC}/data/jpeg_decoder.cpp
  ${BB_CORE_SRC}/data/image_probe.cpp
  ${BB_CORE_SRC}/data/image_format.cpp
  ${BB_CORE_SRC}/data/file_bytes.cpp
  ${BB_CORE_SRC}/model/bridgetower_config.cpp
  ${BB_CORE_SRC}/text/bpe_model.cpp
  ${BB_CORE_SRC}/text/byte_level_alphabet.cpp
  ${BB_CORE_SRC}/text/gpt2_pre_tokenizer.cpp
  ${BB_CORE_SRC}/text/roberta_tokenizer.cpp
  ${BB_CORE_SRC}/text/tokenizer_files.cpp
  ${BB_CORE_SRC}/text/unicode_text.cpp
  ${BB_CORE_SRC}/text/word_cache.cpp
  ${BB_CORE_SRC}/config/run_config.cpp
  ${BB_CORE_SRC}/config/backend_choice.cpp
  ${BB_CORE_SRC}/config/nccl_available.cpp
  ${BB_CORE_SRC}/model/adamw_kernel.cpp
  ${BB_CORE_SRC}/model/adamw_device_kernel_available.cpp
  ${BB_CORE_SRC}/run/run_status.cpp
  ${BB_CORE_SRC}/config/study_config.cpp
  ${BB_CORE_SRC}/config/model_presets.cpp)
include(${PROJECT_SOURCE_DIR}/cmake/CoreLayers.cmake)
list(TRANSFORM BB_CORE_LAYERS PREPEND ${PROJECT_SOURCE_DIR}/core/include/ OUTPUT_VARIABLE BB_CORE_INCLUDE_DIRS)
target_include_directories(bb_fuzz_readers PUBLIC ${BB_CORE_INCLUDE_DIRS} ${BB_CORE_SRC})
target_link_libraries(bb_fuzz_readers PUBLIC nlohmann_json::nlohmann_json fmt::fmt bb_csv ICU::uc
                      bb_turbojpeg bb_opencv bb_tfevents_proto Threads::Threads)
# Only the config readers need it (validate() asks LibTorch for CUDA devices).
target_include_directories(bb_fuzz_readers SYSTEM PRIVATE ${TORCH_INCLUDE_DIRS})

# The store, for the schema target: what opening a database runs (the schema check, the
# migration ladder, the study's and the shipped reference tables) and what reading one needs.
include(${PROJECT_SOURCE_DIR}/cmake/ReferenceTables.cmake)
set(BB_FUZZ_SHIPPED_TABLES ${CMAKE_BINARY_DIR}/generated/shipped_table_files.cpp)
bb_reference_tables_source(${PROJECT_SOURCE_DIR}/core/references ${BB_FUZZ_SHIPPED_TABLES})
add_library(bb_fuzz_store STATIC
  ${BB_CORE_SRC}/store/result_store.cpp
  ${BB_CORE_SRC}/store/schema.cpp
  ${BB_CORE_SRC}/store/schema_shape.cpp
  ${BB_CORE_SRC}/store/sqlite_failure.cpp
  ${BB_CORE_SRC}/store/write_access.cpp
  ${BB_CORE_SRC}/store/reference_runs.cpp
  ${BB_CORE_SRC}/store/references/measured_table.cpp
  ${BB_CORE_SRC}/store/references/shipped_tables.cpp
  ${BB_CORE_SRC}/store/run_rows.cpp
  ${BB_CORE_SRC}/store/readable_run.cpp
  ${BB_CORE_SRC}/store/device_name.cpp
  ${BB_CORE_SRC}/store/load_runs.cpp
  ${BB_CORE_SRC}/formats/run_json.cpp
  ${BB_CORE_SRC}/util/process_identity.cpp
  ${BB_FUZZ_SHIPPED_TABLES})
target_link_libraries(bb_fuzz_store PUBLIC bb_fuzz_readers SQLiteCpp ${BB_SQLITE3})
