#include "models/config_key_text.h"

#include <QCoreApplication>

#include <string>

#include "bridgebench/run_config.h"

namespace bb::ui {

namespace {

struct KeyLabel {
    const char* key;
    const char* label;
};

constexpr KeyLabel kLabels[] = {
    {"name", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Name")},
    {"model", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Model")},
    {"weights", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Weights")},
    {"dataset", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Dataset")},
    {"steps", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Steps")},
    {"batch_size", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Batch size")},
    {"text_length", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Caption tokens")},
    {"precision", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Precision")},
    {"workers", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Loader workers")},
    {"prefetch_factor", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Prefetch factor")},
    {"device_transforms", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Device-side transforms")},
    {"interpolation", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Interpolation")},
    {"augment", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Augmentation")},
    {"device", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Device")},
    {"tf32", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "TF32 on CUDA")},
    {"nvjpeg_library", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "nvJPEG library")},
    {"threads", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Threads")},
    {"seed", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Seed")},
    {"warmup_steps", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Warm-up steps")},
    {"learning_rate", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Learning rate")},
    {"weight_decay", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Weight decay")},
    {"lr_warmup_ratio", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "LR warm-up ratio")},
    {"grad_clip", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Gradient clipping")},
    {"optimizer_kernel", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "AdamW kernel")},
    {"probe", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Probe after the run")},
    {"devices", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Devices")},
    {"backend", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Data-parallel backend")},
    {"ddp_bucket_mb", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "All-reduce bucket (MB)")},
    {"ddp_timeout_s", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Rank timeout (s)")},
    {"timeline", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Timeline")},
    {"profile_steps", QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Profiled steps")},
};

// Core's help sentences (core/src/config/run_config.cpp), listed so that lupdate carries them
// into the translation files. The translation test fails when core's text changes and this
// list does not follow.
[[maybe_unused]] constexpr const char* kHelpForTranslators[] = {
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Run name shown in tables; generated when empty."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Model preset or a Hugging Face config.json to train."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Optional safetensors checkpoint to start from."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "'synthetic' (generated JPEGs), 'synthetic-tensors' (no loading: compute alone), or a "
                      "JSONL/CSV manifest or COCO captions file to train on."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Training steps to run."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Samples per step on this device."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "Tokens per caption, padded or cut to it; 0 takes the model's own (40 for BridgeTower, 16 for "
                      "mini-clip). The study's script padded captions to 128."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "fp32, bf16 autocast, or fp16 autocast (CUDA only)."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "Loader threads preparing batches ahead; 0 loads in the training thread. Each holds "
                      "prefetch_factor batches in memory."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Batches each worker may hold ready."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "Resize, crop and normalise on the training device instead of in the loader."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "Resize filter: bicubic (as BridgeTower's image processor) or bilinear (cheaper)."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "Random resized crop and horizontal flip instead of resize and centre crop."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "cpu, or cuda:N when this build has CUDA."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "On cuda, let fp32 matmuls and convolutions use TF32 tensor cores; no effect on cpu."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "nvJPEG library (path or soname) for decoding on a cuda device with device_transforms; empty searches "
                      "the usual names. A named library that does not load is an error; none found decodes on the CPU."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "Intra-op threads for LibTorch and BLAS; 0 chooses from the free cores."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Seed for weights, data order and augmentation."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Leading steps left out of throughput figures."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "AdamW peak learning rate."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "AdamW decoupled weight decay."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Share of steps spent warming the learning rate up linearly."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys", "Maximum global gradient norm; 0 disables clipping."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "AdamW's arithmetic: fused (one pass over each parameter; on cuda LibTorch's fused kernel), foreach "
                      "(PyTorch's multi-tensor ops, its default on cuda) or auto (fused where the device has it)."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "After the last step, time compute at other thread counts and one batch's transforms, so that "
                      "the diagnosis predicts other settings from measurements."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "Data-parallel processes to start on this machine, one per device (CPU: each gets its share "
                      "of the cores). Under torchrun or Slurm their environment decides instead."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "Data-parallel backend: auto (nccl on cuda where this build has NCCL, gloo otherwise), gloo or "
                      "nccl."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "Megabytes of gradients per all-reduce bucket; buckets start as backward fills them."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "Seconds a rank waits for the others (rendezvous, all-reduce) before the run fails."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "Which steps record a timeline of where their time went (training thread, loader workers, "
                      "all-reduce buckets, every rank): off, sampled (every step of the first 50 after warm-up, then one "
                      "in 50) or all."),
    QT_TRANSLATE_NOOP("bb::ui::ConfigKeys",
                      "Steps to run after the counted ones under LibTorch's profiler, keeping each op (and on cuda each "
                      "kernel) for show, the trace export and the window's Timeline; 0 to 20. Their time is in no figure of "
                      "the run."),
};

}  // namespace

QString configKeyLabel(std::string_view key) {
    for (const auto& entry : kLabels)
        if (key == entry.key) return QCoreApplication::translate(kConfigKeyContext, entry.label);
    QString readable = QString::fromUtf8(key.data(), static_cast<qsizetype>(key.size())).replace('_', ' ');
    if (!readable.isEmpty()) readable[0] = readable[0].toUpper();
    return readable;
}

QString configKeyHelp(std::string_view key) {
    for (const auto& info : runConfigKeys()) {
        if (info.key != key) continue;
        const std::string help(info.help);
        return QCoreApplication::translate(kConfigKeyContext, help.c_str());
    }
    return {};
}

}  // namespace bb::ui
