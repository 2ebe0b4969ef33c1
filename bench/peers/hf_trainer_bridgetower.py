#!/usr/bin/env python3
"""The study's recipe run by Hugging Face's own Trainer: the peer BridgeBench's GPU figures stand beside.

The study (Hugging Face, 2023) fine-tuned BridgeTower-large with optimum-habana's
examples/contrastive-image-text/run_bridgetower.py, on the H100 and A100 with `Trainer` in place of
`GaudiTrainer`. This script does what that one does, offline and on BridgeBench's own data:

- BridgeTowerForContrastiveLearning built from a BridgeTowerConfig with the large checkpoint's
  hyperparameters (random initialisation: no hub), the text pooler dropped as the example's
  --freeze_text_pooler default drops it;
- images read with torchvision.io.read_image from the JPEGs of a `bridgebench-cli dataset generate`
  folder, resized (shorter side, bicubic) to the vision tower's size, centre-cropped, converted to
  float and normalised with CLIP's mean and std, in a torch Dataset the Trainer's DataLoader runs;
- captions through the RoBERTa tokenizer of resources/tokenizer/roberta, padded to --text-length;
- TrainingArguments(bf16, per_device_train_batch_size, dataloader_num_workers, learning_rate=1e-5,
  logging_steps=1, report_to tensorboard) and the optimizer as the study had it (adamw_torch) or fused.

It measures steady-state samples/s as the study's --throughput_warmup_steps does: the device
synchronised at the end of the warm-up steps and at the end of the last, and the steps between
timed as one window. The Trainer's own train_samples_per_second (the whole run, warm-up and
start-up included) stays as the Trainer wrote it. The output folder is an ordinary Trainer output:
trainer_state.json, train_results.json / all_results.json (with the steady figures added under
their own keys), the model's config.json and, with tensorboard installed, the event files under
runs/. `bridgebench-cli import trainer FOLDER` reads it; peer.json beside them says what ran
(the name and device to import it under).

    bridgebench-cli dataset generate --out /tmp/set --count 1968 --width 640 --height 480
    bench/peers/hf_trainer_bridgetower.py --data /tmp/set --out /tmp/peer-w1 --workers 1
    bridgebench-cli import trainer /tmp/peer-w1 --name "$(jq -r .name /tmp/peer-w1/peer.json)" ...

Needs torch, torchvision and transformers (not part of the app's dependencies); runs on the GPU
machine, and on the CPU for a rehearsal (--model tiny --precision fp32).
"""
import argparse
import json
import pathlib
import sys
import time

try:
    import torch
    import torchvision
    import transformers
    from torchvision.io import ImageReadMode, read_image
    from torchvision.transforms import CenterCrop, ConvertImageDtype, InterpolationMode, Normalize, Resize
except ImportError as missing:  # the app never needs these; say what to install
    sys.exit(f"hf_trainer_bridgetower.py needs torch, torchvision and transformers: {missing}")

REPO = pathlib.Path(__file__).resolve().parents[2]
CLIP_MEAN = (0.48145466, 0.4578275, 0.40821073)
CLIP_STD = (0.26862954, 0.26130258, 0.27577711)

# BRIDGETOWER.md section 10: BridgeTower/bridgetower-large-itm-mlm-itc, and the parity fixture.
MODELS = {
    "large": dict(
        hidden_size=1024, num_hidden_layers=6, num_attention_heads=16, contrastive_hidden_size=512,
        logit_scale_init_value=2.6592, link_tower_type="add", share_link_tower_layers=False,
        share_cross_modal_transformer_layers=True, init_layernorm_from_vision_encoder=False,
        text_config=dict(vocab_size=50265, hidden_size=1024, num_hidden_layers=24, num_attention_heads=16,
                         intermediate_size=4096, max_position_embeddings=514, type_vocab_size=1),
        vision_config=dict(hidden_size=1024, num_hidden_layers=24, patch_size=14, image_size=294)),
    "tiny": dict(
        hidden_size=64, num_hidden_layers=2, num_attention_heads=4, contrastive_hidden_size=24,
        logit_scale_init_value=2.6592, link_tower_type="add", share_link_tower_layers=False,
        share_cross_modal_transformer_layers=True, init_layernorm_from_vision_encoder=False,
        text_config=dict(vocab_size=50265, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
                         intermediate_size=64, max_position_embeddings=514, type_vocab_size=1),
        vision_config=dict(hidden_size=64, num_hidden_layers=2, patch_size=8, image_size=32)),
}


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", required=True, type=pathlib.Path,
                        help="a folder with manifest.jsonl (bridgebench-cli dataset generate)")
    parser.add_argument("--out", required=True, type=pathlib.Path, help="the Trainer's output_dir")
    parser.add_argument("--model", choices=sorted(MODELS), default="large")
    parser.add_argument("--tokenizer", type=pathlib.Path, default=REPO / "resources/tokenizer/roberta")
    parser.add_argument("--batch", type=int, default=48, help="per-device batch size")
    parser.add_argument("--text-length", type=int, default=128, help="tokens a caption is padded to")
    parser.add_argument("--steps", type=int, default=40, help="optimizer steps (max_steps)")
    parser.add_argument("--warmup-steps", type=int, default=3, help="steps before the timed window")
    parser.add_argument("--workers", type=int, default=0, help="dataloader_num_workers")
    parser.add_argument("--optim", default="adamw_torch", choices=("adamw_torch", "adamw_torch_fused"))
    parser.add_argument("--compile", action="store_true", help="torch_compile=True")
    parser.add_argument("--precision", choices=("bf16", "fp32"), default="bf16")
    parser.add_argument("--attn-implementation", choices=("sdpa", "eager"),
                        help="the model's attention (default: transformers' own choice)")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--check", action="store_true",
                        help="read the dataset and tokenizer, build one batch and the model's config, and stop")
    args = parser.parse_args(argv)
    for name in ("batch", "text_length", "steps"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1, got {getattr(args, name)}")
    if args.workers < 0:
        parser.error(f"--workers must be 0 or more, got {args.workers}")
    if not 0 <= args.warmup_steps < args.steps:
        parser.error(f"--warmup-steps must be at least 0 and below --steps ({args.steps}), got {args.warmup_steps}")
    return args


def read_manifest(folder):
    """(image path, caption) pairs of a dataset folder; SystemExit naming the file and line otherwise."""
    manifest = folder / "manifest.jsonl"
    if not manifest.is_file():
        sys.exit(f"{manifest}: no such file (make one with bridgebench-cli dataset generate)")
    pairs = []
    with manifest.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                pairs.append((folder / entry["image"], str(entry["caption"])))
            except (ValueError, KeyError, TypeError) as error:
                sys.exit(f"{manifest}: line {number}: expected an object with \"image\" and \"caption\" ({error})")
    if not pairs:
        sys.exit(f"{manifest}: no entries")
    return pairs


class CaptionedImages(torch.utils.data.Dataset):
    """run_bridgetower.py's samples: the image read and transformed on the fly, the caption tokenized
    once beforehand. At module level so that loader workers started by spawn or forkserver (Python
    3.14's default) can unpickle it."""

    def __init__(self, pairs, input_ids, attention_mask, image_size):
        self.paths = [str(path) for path, _ in pairs]
        self.input_ids = input_ids
        self.attention_mask = attention_mask
        self.transform = torch.nn.Sequential(
            Resize([image_size], interpolation=InterpolationMode.BICUBIC),
            CenterCrop(image_size),
            ConvertImageDtype(torch.float),
            Normalize(CLIP_MEAN, CLIP_STD),
        )

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, index):
        with torch.no_grad():
            pixels = self.transform(read_image(self.paths[index], mode=ImageReadMode.RGB))
        return {"pixel_values": pixels, "input_ids": self.input_ids[index],
                "attention_mask": self.attention_mask[index]}


def collate_batch(examples):
    return {
        "pixel_values": torch.stack([example["pixel_values"] for example in examples]),
        "input_ids": torch.tensor([example["input_ids"] for example in examples], dtype=torch.long),
        "attention_mask": torch.tensor([example["attention_mask"] for example in examples], dtype=torch.long),
        "return_loss": True,
    }


def roberta_tokenizer(folder):
    """RoBERTa's fast tokenizer as roberta-base's tokenizer.json defines it (byte-level BPE, no prefix
    space, <s> ... </s>), assembled from vocab.json and merges.txt. Not RobertaTokenizer(Fast)
    .from_pretrained: between transformers 4.x and 5.x those classes changed their constructors, and
    5.12 with Debian's tokenizers 0.23 fails in them (RobertaProcessing's keyword `cls`); this path
    is the same pipeline in every version. Its ids equal `bridgebench-cli tokenize`'s."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors

    for name in ("vocab.json", "merges.txt"):
        if not (folder / name).is_file():
            sys.exit(f"{folder / name}: no such file (the RoBERTa vocabulary: resources/tokenizer/roberta)")
    bpe = Tokenizer(models.BPE.from_file(str(folder / "vocab.json"), str(folder / "merges.txt")))
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    bpe.post_processor = processors.RobertaProcessing(("</s>", 2), ("<s>", 0))
    return transformers.PreTrainedTokenizerFast(
        tokenizer_object=bpe, bos_token="<s>", eos_token="</s>", sep_token="</s>", cls_token="<s>",
        unk_token="<unk>", pad_token="<pad>", mask_token="<mask>")


def main(argv):
    args = parse_args(argv)
    pairs = read_manifest(args.data)
    needed = args.steps * args.batch
    if len(pairs) < needed:
        # A second epoch restarts the workers inside the timed window: a cost BridgeBench's runs of the
        # same length do not pay.
        sys.exit(f"{args.data}: {len(pairs)} images, fewer than --steps x --batch = {needed}")
    tokenizer = roberta_tokenizer(args.tokenizer)
    encoded = tokenizer([caption for _, caption in pairs], max_length=args.text_length, padding="max_length",
                        truncation=True)
    model_config = transformers.BridgeTowerConfig(**MODELS[args.model])
    image_size = model_config.vision_config.image_size

    dataset = CaptionedImages(pairs, encoded["input_ids"], encoded["attention_mask"], image_size)
    if args.check:
        batch = collate_batch([dataset[index] for index in range(min(args.batch, len(dataset)))])
        print(json.dumps({"images": len(pairs), "pixel_values": list(batch["pixel_values"].shape),
                          "input_ids": list(batch["input_ids"].shape),
                          "first_ids": batch["input_ids"][0][:8].tolist(),
                          "image_size": image_size, "transformers": transformers.__version__}))
        return 0

    cuda = torch.cuda.is_available()
    device_name = torch.cuda.get_device_name(0) if cuda else "CPU"

    class SteadyWindow(transformers.TrainerCallback):
        """The study's throughput window: steps after the warm-up, the device synchronised at its ends.
        Between a step's end and the next one's beginning the Trainer fetches the batch: that gap is
        the training loop's wait for data."""

        def __init__(self):
            self.started = self.ended = None
            self.step_ended = None
            self.data_wait_s = 0.0

        def _now(self):
            if cuda:
                torch.cuda.synchronize()
            return time.perf_counter()

        def on_step_begin(self, train_args, state, control, **kwargs):
            if self.started is not None and self.step_ended is not None:
                self.data_wait_s += time.perf_counter() - self.step_ended

        def on_step_end(self, train_args, state, control, **kwargs):
            if state.global_step == args.warmup_steps:
                self.started = self._now()
            elif state.global_step == args.steps:
                self.ended = self._now()
            self.step_ended = time.perf_counter()

    if args.attn_implementation:
        model_config._attn_implementation = args.attn_implementation
    model = transformers.BridgeTowerForContrastiveLearning(model_config)
    model.bridgetower.text_model.pooler = None
    try:
        import tensorboard  # noqa: F401  (the Trainer's TensorBoardCallback needs it for the event files)
        report_to = ["tensorboard"]
    except ImportError:
        report_to = []
        print("tensorboard is not installed: no runs/ event files, so no per-step times in the import",
              file=sys.stderr)
    training = transformers.TrainingArguments(
        output_dir=str(args.out), bf16=args.precision == "bf16", per_device_train_batch_size=args.batch,
        dataloader_num_workers=args.workers, learning_rate=1e-5, max_steps=args.steps, logging_steps=1,
        report_to=report_to, save_strategy="no", optim=args.optim, torch_compile=args.compile,
        remove_unused_columns=False, dataloader_drop_last=True, seed=args.seed, use_cpu=not cuda,
        disable_tqdm=True)
    window = SteadyWindow()
    trainer = transformers.Trainer(model=model, args=training, train_dataset=dataset, data_collator=collate_batch,
                                   callbacks=[window])
    result = trainer.train()

    metrics = dict(result.metrics)
    timed_steps = args.steps - args.warmup_steps
    seconds = window.ended - window.started
    metrics.update({
        "steady_samples_per_second": timed_steps * args.batch / seconds,
        "steady_warmup_steps": args.warmup_steps,
        "steady_steps": timed_steps,
        "steady_seconds": seconds,
        "steady_data_wait_fraction": window.data_wait_s / seconds,
    })
    if cuda:
        # Over the whole run, as BridgeBench's device_memory.peak_bytes is.
        metrics["peak_device_memory_bytes"] = torch.cuda.max_memory_allocated()
        metrics["peak_device_reserved_bytes"] = torch.cuda.max_memory_reserved()
    trainer.save_metrics("train", metrics)
    trainer.save_state()
    model_config.save_pretrained(str(args.out))

    software = (f"transformers {transformers.__version__}, torch {torch.__version__.split('+')[0]}, "
                f"torchvision {torchvision.__version__.split('+')[0]}")
    variant = f"workers {args.workers}, {args.optim}" + (", compiled" if args.compile else "")
    peer = {
        # Short, for tables and charts; the versions go with the reference table's `software`.
        "name": f"Hugging Face Trainer · {variant}",
        "software": software,
        # BridgeBench's preset of the same architecture, for the import's FLOPs and its model column. The
        # tiny configuration here is a rehearsal's (RoBERTa's vocabulary and positions), not BridgeBench's
        # tiny preset: the import counts it from config.json instead.
        "model": "large" if args.model == "large" else "",
        "device_kind": "cuda" if cuda else "cpu",
        "device_name": device_name,
        "device_count": 1,
        "workers": args.workers,
        "precision": args.precision,
        "batch_size": args.batch,
        "text_length": args.text_length,
        "optim": args.optim,
        "torch_compile": args.compile,
        "attn_implementation": getattr(model.config, "_attn_implementation", None),
        "steady_samples_per_second": metrics["steady_samples_per_second"],
    }
    (args.out / "peer.json").write_text(json.dumps(peer, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(peer))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
