#!/usr/bin/python3
"""Peer for bench/ddp_bench.sh (issue 13): PyTorch's own DistributedDataParallel (Gloo,
find_unused_parameters=True, as Hugging Face's Trainer runs BridgeTower) on the eager port of Hugging
Face's BridgeTowerForContrastiveLearning in scripts/reference_bridgetower.py, with Debian's
python3-torch. Same workload as `bridgebench-cli run --set dataset=synthetic-tensors`: contrastive
model, fp32, CPU, batch --batch per rank, text length 40, standard-normal pixels, AdamW(1e-5, 0.01),
one compute thread per rank (torch and OpenBLAS), 3 warm-up steps.

    /usr/bin/python3 scripts/peer_ddp_bench.py --preset small --world 2 --min-time 30

The parent starts --world ranks (this file again, with torchrun's variables) on loopback and prints one
JSON line: global samples/s = world x batch x timed steps / the slowest rank's timed seconds, and the
median step of the slowest rank.
"""
import argparse
import json
import os
import socket
import subprocess
import sys
import time


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", choices=["tiny", "small"], default="small")
    parser.add_argument("--world", type=int, default=2)
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--text-length", type=int, default=40)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--min-time", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args()


def worker(args):
    os.environ["OPENBLAS_NUM_THREADS"] = "1"  # read when torch loads OpenBLAS below
    import importlib.util
    import torch
    import torch.distributed as dist
    from torch.nn.parallel import DistributedDataParallel

    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("reference_bridgetower", os.path.join(here, "reference_bridgetower.py"))
    reference = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reference)

    torch.set_num_threads(1)
    rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
    if world > 1:
        dist.init_process_group("gloo", rank=rank, world_size=world)
    torch.manual_seed(args.seed)
    config = reference.preset_config(args.preset)
    model = reference.BridgeTowerForContrastiveLearning(config)
    model.train()
    if world > 1:
        # DDP finds the graph to search for unused parameters from the tensors its forward returns,
        # and cannot look inside the port's output dataclass: the loss is returned as a tensor
        # (HF's Trainer gets a ModelOutput, an OrderedDict, which DDP does search).
        class LossOnly(torch.nn.Module):
            def __init__(self, inner):
                super().__init__()
                self.inner = inner

            def forward(self, **inputs):
                return self.inner(**inputs).loss

        model = DistributedDataParallel(LossOnly(model), find_unused_parameters=True)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-5, weight_decay=0.01)
    torch.manual_seed(args.seed + rank)
    batch, length = args.batch, args.text_length
    image = config.vision_config.image_size
    input_ids = torch.randint(3, config.text_config.vocab_size, (batch, length), dtype=torch.long)
    attention_mask = torch.ones(batch, length, dtype=torch.long)
    pixel_values = torch.randn(batch, 3, image, image)

    def step():
        optimizer.zero_grad()
        loss = model(input_ids=input_ids, attention_mask=attention_mask, pixel_values=pixel_values)
        loss = loss if torch.is_tensor(loss) else loss.loss
        loss.backward()
        optimizer.step()

    for _ in range(args.warmup):
        step()
    # Every rank runs the same number of steps (collectives must pair up): rank 0 decides when
    # min-time has passed and tells the others with each step's flag.
    steps, step_seconds = 0, []
    flag = torch.zeros(1)
    start = time.perf_counter()
    while True:
        t0 = time.perf_counter()
        step()
        step_seconds.append(time.perf_counter() - t0)
        steps += 1
        flag[0] = 1.0 if (rank == 0 and time.perf_counter() - start >= args.min_time) else 0.0
        if world > 1:
            dist.broadcast(flag, 0)
        if flag[0] > 0:
            break
    seconds = time.perf_counter() - start
    print(json.dumps(dict(rank=rank, steps=steps, seconds=seconds,
                          median_step_s=sorted(step_seconds)[len(step_seconds) // 2])), flush=True)
    if world > 1:
        dist.destroy_process_group()
    # The figures are out. PyTorch 1.13 can deadlock tearing down DDP's reducer at interpreter
    # exit (a rank was seen stuck for minutes in ~ProcessGroupGloo under ~Reducer), which would
    # hang the parent waiting for it: leave without the teardown.
    sys.stdout.flush()
    os._exit(0)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    args = parse_args()
    if "RANK" in os.environ:
        worker(args)
        return 0
    port = free_port()
    procs = []
    for rank in range(args.world):
        env = dict(os.environ, RANK=str(rank), WORLD_SIZE=str(args.world), LOCAL_RANK=str(rank),
                   MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
        procs.append(subprocess.Popen([sys.executable] + sys.argv, env=env, stdout=subprocess.PIPE, text=True))
    results = []
    deadline = time.monotonic() + 300 + 10 * args.min_time
    for proc in procs:
        try:
            out, _ = proc.communicate(timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            for p in procs:
                p.kill()
            print(f"a rank did not finish within {300 + 10 * args.min_time:.0f} s", file=sys.stderr)
            return 1
        if proc.returncode != 0:
            print(f"a rank exited with {proc.returncode}", file=sys.stderr)
            return 1
        results.append(json.loads(out.strip().splitlines()[-1]))
    slowest = max(results, key=lambda r: r["seconds"])
    steps = slowest["steps"]
    print(json.dumps(dict(peer="torch DDP gloo find_unused_parameters", preset=args.preset, world=args.world,
                          batch_per_rank=args.batch, steps=steps, seconds=round(slowest["seconds"], 3),
                          global_samples_per_s=round(args.world * args.batch * steps / slowest["seconds"], 3),
                          median_global_samples_per_s=round(args.world * args.batch / slowest["median_step_s"], 3),
                          load_average_1m=os.getloadavg()[0])), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
