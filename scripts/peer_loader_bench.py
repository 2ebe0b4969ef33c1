#!/usr/bin/env python3
"""The peer that `bridgebench-cli bench loader` is measured against: PyTorch's DataLoader with
PIL decoding and torchvision transforms, as Hugging Face's run_bridgetower.py loads images
(resize of the shorter side, centre crop, float conversion, CLIP normalisation).

Same images, same batch and image size, same JSON shape as `bench loader --json`, so the two
outputs can be put side by side:

    bridgebench-cli dataset generate --out /tmp/set --count 512
    scripts/peer_loader_bench.py --data /tmp/set --workers 0,1,2 --interpolation bilinear --json
    bridgebench-cli bench loader --data /tmp/set --workers 0,1,2 --json

Needs python3 with torch, torchvision and Pillow (not part of the app's dependencies).
"""
import argparse
import json
import pathlib
import sys
import time

try:
    import torch
    from PIL import Image
    from torch.utils.data import DataLoader, Dataset
    from torchvision import transforms
    from torchvision.transforms import InterpolationMode
except ImportError as missing:  # the app never needs these; say what to install
    sys.exit(f"peer_loader_bench.py needs torch, torchvision and Pillow: {missing}")

CLIP_MEAN = (0.48145466, 0.4578275, 0.40821073)
CLIP_STD = (0.26862954, 0.26130258, 0.27577711)


class ManifestImages(Dataset):
    def __init__(self, manifest: pathlib.Path, transform):
        self.root = manifest.parent
        with manifest.open(encoding="utf-8") as lines:
            self.paths = [self.root / json.loads(line)["image"] for line in lines if line.strip()]
        self.transform = transform

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, index):
        with Image.open(self.paths[index]) as image:
            return self.transform(image.convert("RGB"))


def measure(manifest, workers, batch, size, interpolation, epochs):
    mode = InterpolationMode.BICUBIC if interpolation == "bicubic" else InterpolationMode.BILINEAR
    transform = transforms.Compose([
        transforms.Resize(size, interpolation=mode),
        transforms.CenterCrop(size),
        transforms.PILToTensor(),
        transforms.ConvertImageDtype(torch.float),
        transforms.Normalize(CLIP_MEAN, CLIP_STD),
    ])
    dataset = ManifestImages(manifest, transform)
    loader = DataLoader(dataset, batch_size=batch, shuffle=True, num_workers=workers, drop_last=True,
                        persistent_workers=workers > 0)
    images = 0
    start = None
    for epoch in range(epochs + 1):  # the first epoch warms up workers and the page cache
        if epoch == 1:
            start = time.perf_counter()
        for pixels in loader:
            if epoch > 0:
                images += pixels.shape[0]
    elapsed = time.perf_counter() - start
    return {"workers": workers, "device_transforms": False, "interpolation": interpolation,
            "batch_size": batch, "image_size": size, "images": images,
            "images_per_s": images / elapsed if elapsed > 0 else 0.0, "peer": "torch DataLoader + PIL"}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True, type=pathlib.Path, help="folder with manifest.jsonl, or the manifest")
    parser.add_argument("--workers", default="0,1,2")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--image-size", type=int, default=288)
    parser.add_argument("--interpolation", choices=("bilinear", "bicubic"), default="bicubic")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    manifest = options.data / "manifest.jsonl" if options.data.is_dir() else options.data
    torch.set_num_threads(1)
    results = [measure(manifest, int(w), options.batch, options.image_size, options.interpolation, options.epochs)
               for w in options.workers.split(",")]
    if options.json:
        json.dump(results, sys.stdout, indent=2)
        print()
    else:
        for row in results:
            print(f"workers {row['workers']}: {row['images_per_s']:.1f} images/s ({row['interpolation']})")


if __name__ == "__main__":
    main()
