#!/usr/bin/python3
"""Python reference for issue 3: an eager PyTorch port of Hugging Face transformers v4.35's BridgeTower
(`modeling_bridgetower.py`, the `BridgeTowerForContrastiveLearning` model).

Hugging Face `transformers` is not packaged in Debian 12 (and pip is not available on the measuring
machine), so this file re-implements the model from docs/BRIDGETOWER.md (shared/docs) the way HF
structures it: nn.Module classes with HF's names (so HF state_dict keys load as they are), nn.Linear /
nn.LayerNorm / nn.Embedding / nn.Dropout, RoBERTa-style self-attention with view/permute/matmul/softmax,
CLIP vision blocks with sequence-first nn.MultiheadAttention and QuickGELU. No fusions, no torch.jit, so
its per-op overhead is like HF's. `--check` proves it is the same function as HF's, against the
fixtures HF's own code produced (tests/data/bridgetower-tiny, a copy of shared/fixtures/bridgetower-tiny).

Only the standard library and torch; run it with Debian's python3-torch 1.13 (CPU):

    /usr/bin/python3 scripts/reference_bridgetower.py --check tests/data/bridgetower-tiny
    /usr/bin/python3 scripts/reference_bridgetower.py --bench --preset tiny  --threads 1 --blas-threads 1
    /usr/bin/python3 scripts/reference_bridgetower.py --bench --preset small --threads 2

`--bench` measures the workload of bench/model_bench.cpp: contrastive model, fp32, CPU, batch 8,
train() mode, torch.optim.AdamW(lr=1e-5, weight_decay=0.01), text length 40, standard-normal pixels,
3 warm-up steps, then steps for at least --min-time seconds. It prints one JSON line per measurement:
samples_per_s is batch x steps / seconds (as Google Benchmark's rate counter in model_bench), with the
median step's rate, the fastest step and the process CPU time beside it to show how noisy the run was.

Threads: --threads sets torch.set_num_threads (OpenMP intra-op pool). Debian's torch calls OpenBLAS
(openblas-pthread) for GEMMs, whose own pool ignores torch.set_num_threads and follows
OPENBLAS_NUM_THREADS (read when the library loads; default one thread per core). --blas-threads N sets
that variable before torch is imported; the JSON records the count OpenBLAS reports it actually uses.
"""
import argparse
import json
import math
import os
import struct
import sys
import time
from collections import OrderedDict


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", metavar="FIXTURE_DIR", help="verify against HF's fixtures (bridgetower-tiny)")
    mode.add_argument("--bench", action="store_true", help="training-step throughput")
    mode.add_argument("--count", action="store_true", help="print the parameter count of --preset and exit")
    parser.add_argument("--preset", choices=["tiny", "small"], default="tiny")
    parser.add_argument("--threads", default="1",
                        help="torch.set_num_threads; a comma list (1,2) measures each in turn")
    parser.add_argument("--blas-threads", type=int, default=None,
                        help="OPENBLAS_NUM_THREADS for this process (default: leave the environment alone)")
    parser.add_argument("--batch", type=int, default=8)
    parser.add_argument("--text-length", type=int, default=40)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--min-time", type=float, default=None,
                        help="seconds of timed steps (default 3 for tiny, 10 for small)")
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args()


ARGS = parse_args() if __name__ == "__main__" else None
if ARGS is not None and ARGS.blas_threads is not None:
    # OpenBLAS reads this once, when libopenblas is loaded by `import torch` below.
    os.environ["OPENBLAS_NUM_THREADS"] = str(ARGS.blas_threads)

import torch  # noqa: E402  (after the environment is set)
from torch import nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402


# --------------------------------------------------------------------------------------------------
# Configuration (the fields of BridgeTowerConfig / TextConfig / VisionConfig that the model reads)
# --------------------------------------------------------------------------------------------------

class Cfg:
    def __init__(self, **fields):
        self.__dict__.update(fields)


TEXT_DEFAULTS = dict(vocab_size=50265, hidden_size=768, num_hidden_layers=12, num_attention_heads=12,
                     intermediate_size=3072, hidden_act="gelu", hidden_dropout_prob=0.1,
                     attention_probs_dropout_prob=0.1, max_position_embeddings=514, type_vocab_size=1,
                     layer_norm_eps=1e-5, pad_token_id=1, position_embedding_type="absolute")
VISION_DEFAULTS = dict(hidden_size=768, num_hidden_layers=12, num_channels=3, patch_size=16, image_size=288,
                       layer_norm_eps=1e-5, share_layernorm=True, remove_last_layer=False, stop_gradient=False)
TOP_DEFAULTS = dict(hidden_size=768, num_hidden_layers=6, layer_norm_eps=1e-5, link_tower_type="add",
                    share_link_tower_layers=False, share_cross_modal_transformer_layers=True,
                    init_layernorm_from_vision_encoder=False, initializer_factor=1.0,
                    contrastive_hidden_size=512, logit_scale_init_value=2.6592)


def make_config(top, text, vision):
    def pick(defaults, given):
        return Cfg(**{key: given.get(key, value) for key, value in defaults.items()})
    config = pick(TOP_DEFAULTS, top)
    config.text_config = pick(TEXT_DEFAULTS, text)
    config.vision_config = pick(VISION_DEFAULTS, vision)
    return config


def config_from_json(path):
    with open(path) as handle:
        raw = json.load(handle)
    return make_config(raw, raw.get("text_config", {}), raw.get("vision_config", {}))


def preset_config(name):
    if name == "tiny":  # = shared/fixtures/bridgetower-tiny/config.json
        return make_config(
            dict(hidden_size=64, num_hidden_layers=2, contrastive_hidden_size=24),
            dict(vocab_size=512, hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
                 hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0, max_position_embeddings=64),
            dict(hidden_size=64, num_hidden_layers=2, patch_size=8, image_size=32))
    if name == "small":  # = bridgeTowerPreset("small") in core/src/model/bridgetower_config.cpp
        return make_config(
            dict(hidden_size=256, num_hidden_layers=4, contrastive_hidden_size=256),
            dict(hidden_size=256, num_hidden_layers=4, num_attention_heads=4, intermediate_size=1024),
            dict(hidden_size=256, num_hidden_layers=4, patch_size=16, image_size=224))
    raise ValueError(name)


# Parameter counts of the contrastive model that `bridgebench-cli model info --preset P --json` reports.
EXPECTED_PARAMETERS = {"tiny": 396745, "small": 28590593}


# --------------------------------------------------------------------------------------------------
# Activations
# --------------------------------------------------------------------------------------------------

class QuickGELUActivation(nn.Module):
    def forward(self, x):
        return x * torch.sigmoid(1.702 * x)


def get_activation(name):
    if name == "gelu":
        return nn.GELU()
    if name in ("gelu_new", "gelu_pytorch_tanh"):
        return nn.GELU(approximate="tanh")
    if name == "relu":
        return nn.ReLU()
    if name == "quick_gelu":
        return QuickGELUActivation()
    if name in ("silu", "swish"):
        return nn.SiLU()
    raise ValueError(f"unsupported activation {name}")


# --------------------------------------------------------------------------------------------------
# Vision tower (OpenAI CLIP ViT layout, sequence-first)
# --------------------------------------------------------------------------------------------------

class BridgeTowerResidualAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        width = config.hidden_size
        self.attn = nn.MultiheadAttention(width, width // 64)
        self.ln_1 = nn.LayerNorm(width, eps=config.layer_norm_eps)
        self.mlp = nn.ModuleDict(OrderedDict([
            ("c_fc", nn.Linear(width, width * 4)),
            ("gelu", QuickGELUActivation()),
            ("c_proj", nn.Linear(width * 4, width)),
        ]))
        self.ln_2 = nn.LayerNorm(width, eps=config.layer_norm_eps)
        self.attn_mask = None

    def attention(self, hidden_state, attention_mask):
        if attention_mask is not None:
            attention_mask = attention_mask.to(dtype=torch.bool, device=hidden_state.device)
        self.attn_mask = (self.attn_mask.to(dtype=hidden_state.dtype, device=hidden_state.device)
                          if self.attn_mask is not None else None)
        return self.attn(hidden_state, hidden_state, hidden_state, need_weights=False,
                         attn_mask=self.attn_mask, key_padding_mask=attention_mask)[0]

    def forward(self, hidden_state, attention_mask=None):
        residual_state = hidden_state + self.attention(self.ln_1(hidden_state), attention_mask)
        hidden_state = self.ln_2(residual_state)
        for _, layer in self.mlp.items():
            hidden_state = layer(hidden_state)
        return residual_state + hidden_state


class BridgeTowerTransformer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.hidden_size = config.hidden_size
        self.num_hidden_layers = config.num_hidden_layers
        count = self.num_hidden_layers - 1 if config.remove_last_layer else self.num_hidden_layers
        self.resblocks = nn.ModuleList([BridgeTowerResidualAttention(config) for _ in range(count)])
        self.stop_gradient = config.stop_gradient


class BridgeTowerVisionEmbeddings(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.embed_dim = config.hidden_size
        self.image_size = config.image_size
        self.patch_size = config.patch_size
        self.class_embedding = nn.Parameter(torch.randn(self.embed_dim))
        self.patch_embedding = nn.Conv2d(config.num_channels, self.embed_dim, kernel_size=self.patch_size,
                                         stride=self.patch_size, bias=False)
        self.num_patches = (self.image_size // self.patch_size) ** 2
        self.num_positions = self.num_patches + 1
        self.position_embedding = nn.Embedding(self.num_positions, self.embed_dim)
        self.register_buffer("position_ids", torch.arange(self.num_positions).expand((1, -1)), persistent=False)

    def forward(self, pixel_values):
        batch_size = pixel_values.shape[0]
        target_dtype = self.patch_embedding.weight.dtype
        patch_embeds = self.patch_embedding(pixel_values.to(dtype=target_dtype))  # [B, Dv, g, g]
        patch_embeds = patch_embeds.flatten(2).transpose(1, 2)
        class_embeds = self.class_embedding.expand(batch_size, 1, -1)
        embeddings = torch.cat([class_embeds, patch_embeds], dim=1)
        return embeddings + self.position_embedding(self.position_ids)


class BridgeTowerVisionTransformer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.embeddings = BridgeTowerVisionEmbeddings(config)
        self.ln_pre = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.transformer = BridgeTowerTransformer(config)
        self.ln_post = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.share_layernorm = config.share_layernorm
        if not config.share_layernorm:
            self.ln_separate = nn.ModuleList([nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
                                              for _ in range(config.num_hidden_layers)])

    def forward_pre(self, pixel_values):
        hidden_states = self.embeddings(pixel_values)
        hidden_states = self.ln_pre(hidden_states)
        return hidden_states.permute(1, 0, 2)  # NLD -> LND

    def forward_post(self, hidden_state):
        visual_output_post = hidden_state.permute(1, 0, 2)  # LND -> NLD
        return self.ln_post(visual_output_post)


class BridgeTowerVisionModel(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.visual = BridgeTowerVisionTransformer(config)

    @property
    def dtype(self):
        return self.visual.embeddings.patch_embedding.weight.dtype


# --------------------------------------------------------------------------------------------------
# Text tower (RoBERTa) and the BERT layers the cross-modal encoder is made of
# --------------------------------------------------------------------------------------------------

def create_position_ids_from_input_ids(input_ids, padding_idx, past_key_values_length=0):
    mask = input_ids.ne(padding_idx).int()
    incremental_indices = (torch.cumsum(mask, dim=1).type_as(mask) + past_key_values_length) * mask
    return incremental_indices.long() + padding_idx


class BridgeTowerTextEmbeddings(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.word_embeddings = nn.Embedding(config.vocab_size, config.hidden_size, padding_idx=config.pad_token_id)
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.hidden_size)
        self.token_type_embeddings = nn.Embedding(config.type_vocab_size, config.hidden_size)
        self.LayerNorm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)
        self.position_embedding_type = config.position_embedding_type
        self.register_buffer("position_ids", torch.arange(config.max_position_embeddings).expand((1, -1)),
                             persistent=False)
        self.register_buffer("token_type_ids", torch.zeros(self.position_ids.size(), dtype=torch.long),
                             persistent=False)
        self.padding_idx = config.pad_token_id
        self.position_embeddings = nn.Embedding(config.max_position_embeddings, config.hidden_size,
                                                padding_idx=self.padding_idx)

    def forward(self, input_ids, token_type_ids=None, position_ids=None, past_key_values_length=0):
        if position_ids is None:
            position_ids = create_position_ids_from_input_ids(input_ids, self.padding_idx, past_key_values_length)
        input_shape = input_ids.size()
        seq_length = input_shape[1]
        if token_type_ids is None:
            buffered_token_type_ids = self.token_type_ids[:, :seq_length]
            token_type_ids = buffered_token_type_ids.expand(input_shape[0], seq_length)
        inputs_embeds = self.word_embeddings(input_ids)
        token_type_embeddings = self.token_type_embeddings(token_type_ids)
        embeddings = inputs_embeds + token_type_embeddings
        if self.position_embedding_type == "absolute":
            embeddings = embeddings + self.position_embeddings(position_ids)
        embeddings = self.LayerNorm(embeddings)
        return self.dropout(embeddings)


class BridgeTowerSelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        if config.hidden_size % config.num_attention_heads != 0:
            raise ValueError("hidden size is not a multiple of the number of attention heads")
        self.num_attention_heads = config.num_attention_heads
        self.attention_head_size = config.hidden_size // config.num_attention_heads
        self.all_head_size = self.num_attention_heads * self.attention_head_size
        self.query = nn.Linear(config.hidden_size, self.all_head_size)
        self.key = nn.Linear(config.hidden_size, self.all_head_size)
        self.value = nn.Linear(config.hidden_size, self.all_head_size)
        self.dropout = nn.Dropout(config.attention_probs_dropout_prob)

    def transpose_for_scores(self, x):
        new_x_shape = x.size()[:-1] + (self.num_attention_heads, self.attention_head_size)
        x = x.view(new_x_shape)
        return x.permute(0, 2, 1, 3)

    def forward(self, hidden_states, attention_mask=None, encoder_hidden_states=None,
                encoder_attention_mask=None):
        mixed_query_layer = self.query(hidden_states)
        if encoder_hidden_states is not None:  # cross-attention: keys/values from the other modality
            key_layer = self.transpose_for_scores(self.key(encoder_hidden_states))
            value_layer = self.transpose_for_scores(self.value(encoder_hidden_states))
            attention_mask = encoder_attention_mask
        else:
            key_layer = self.transpose_for_scores(self.key(hidden_states))
            value_layer = self.transpose_for_scores(self.value(hidden_states))
        query_layer = self.transpose_for_scores(mixed_query_layer)

        attention_scores = torch.matmul(query_layer, key_layer.transpose(-1, -2))
        attention_scores = attention_scores / math.sqrt(self.attention_head_size)
        if attention_mask is not None:
            attention_scores = attention_scores + attention_mask
        attention_probs = nn.functional.softmax(attention_scores, dim=-1)
        attention_probs = self.dropout(attention_probs)

        context_layer = torch.matmul(attention_probs, value_layer)
        context_layer = context_layer.permute(0, 2, 1, 3).contiguous()
        new_context_layer_shape = context_layer.size()[:-2] + (self.all_head_size,)
        return context_layer.view(new_context_layer_shape)


class BridgeTowerSelfOutput(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)
        self.LayerNorm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, hidden_states, input_tensor):
        hidden_states = self.dense(hidden_states)
        hidden_states = self.dropout(hidden_states)
        return self.LayerNorm(hidden_states + input_tensor)


class BridgeTowerAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.self = BridgeTowerSelfAttention(config)
        self.output = BridgeTowerSelfOutput(config)

    def forward(self, hidden_states, attention_mask=None, encoder_hidden_states=None,
                encoder_attention_mask=None):
        self_outputs = self.self(hidden_states, attention_mask, encoder_hidden_states, encoder_attention_mask)
        return self.output(self_outputs, hidden_states)


class BridgeTowerIntermediate(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.dense = nn.Linear(config.hidden_size, config.intermediate_size)
        self.intermediate_act_fn = get_activation(config.hidden_act)

    def forward(self, hidden_states):
        return self.intermediate_act_fn(self.dense(hidden_states))


class BridgeTowerOutput(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.dense = nn.Linear(config.intermediate_size, config.hidden_size)
        self.LayerNorm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, hidden_states, input_tensor):
        hidden_states = self.dense(hidden_states)
        hidden_states = self.dropout(hidden_states)
        return self.LayerNorm(hidden_states + input_tensor)


class BridgeTowerTextLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.attention = BridgeTowerAttention(config)
        self.intermediate = BridgeTowerIntermediate(config)
        self.output = BridgeTowerOutput(config)

    def feed_forward_chunk(self, attention_output):
        return self.output(self.intermediate(attention_output), attention_output)

    def forward(self, hidden_states, attention_mask=None):
        attention_output = self.attention(hidden_states, attention_mask)
        return self.feed_forward_chunk(attention_output)


class BridgeTowerBertCrossLayer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.attention = BridgeTowerAttention(config)
        self.crossattention = BridgeTowerAttention(config)
        self.intermediate = BridgeTowerIntermediate(config)
        self.output = BridgeTowerOutput(config)

    def feed_forward_chunk(self, attention_output):
        return self.output(self.intermediate(attention_output), attention_output)

    def forward(self, hidden_states, encoder_hidden_states, attention_mask=None, encoder_attention_mask=None):
        attention_output = self.attention(hidden_states, attention_mask)
        cross_output = self.crossattention(attention_output, attention_mask, encoder_hidden_states,
                                           encoder_attention_mask)
        return self.feed_forward_chunk(cross_output)


class BridgeTowerTextEncoder(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.layer = nn.ModuleList([BridgeTowerTextLayer(config) for _ in range(config.num_hidden_layers)])


class BridgeTowerPooler(nn.Module):
    def __init__(self, hidden_size):
        super().__init__()
        self.dense = nn.Linear(hidden_size, hidden_size)
        self.activation = nn.Tanh()

    def forward(self, hidden_states):
        return self.activation(self.dense(hidden_states[:, 0]))


class BridgeTowerTextModel(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.embeddings = BridgeTowerTextEmbeddings(config)
        self.encoder = BridgeTowerTextEncoder(config)
        self.pooler = BridgeTowerPooler(config.hidden_size)  # in the state_dict, never called by BridgeTower

    def get_extended_attention_mask(self, attention_mask, dtype):
        extended = attention_mask[:, None, None, :].to(dtype=dtype)
        return (1.0 - extended) * torch.finfo(dtype).min


# --------------------------------------------------------------------------------------------------
# Cross-modal trunk
# --------------------------------------------------------------------------------------------------

class BridgeTowerLinkTower(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.link_tower_type = config.link_tower_type
        if config.link_tower_type in ("add", "scaled_add", "interpolate"):
            if config.link_tower_type == "scaled_add":
                self.scaled_factor = nn.Parameter(torch.tensor(1.0))
            elif config.link_tower_type == "interpolate":
                self.beta = nn.Parameter(torch.tensor(0.5))
            self.LayerNorm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        else:
            raise ValueError(f"unknown link_tower_type {config.link_tower_type!r} (add, scaled_add or interpolate)")

    def forward(self, hidden_states, cross_modal_hidden_states, attention_mask=None):
        if self.link_tower_type == "add":
            return self.LayerNorm(hidden_states + cross_modal_hidden_states)
        if self.link_tower_type == "scaled_add":
            return self.LayerNorm(hidden_states * self.scaled_factor + cross_modal_hidden_states)
        return self.LayerNorm(hidden_states * (1 - self.beta) + cross_modal_hidden_states * self.beta)


class BridgeTowerModel(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        vision_config = config.vision_config
        text_config = config.text_config
        if not config.share_cross_modal_transformer_layers or config.share_link_tower_layers:
            raise NotImplementedError("HF v4.35 crashes in these configurations (BRIDGETOWER.md §1)")

        self.cross_modal_text_transform = nn.Linear(text_config.hidden_size, config.hidden_size)
        self.cross_modal_image_transform = nn.Linear(vision_config.hidden_size, config.hidden_size)
        self.token_type_embeddings = nn.Embedding(2, config.hidden_size)
        self.vision_model = BridgeTowerVisionModel(vision_config)
        self.text_model = BridgeTowerTextModel(text_config)

        self.cross_modal_text_layers = nn.ModuleList(
            [BridgeTowerBertCrossLayer(text_config) for _ in range(config.num_hidden_layers)])
        self.cross_modal_image_layers = nn.ModuleList(
            [BridgeTowerBertCrossLayer(text_config) for _ in range(config.num_hidden_layers)])
        self.cross_modal_image_pooler = BridgeTowerPooler(config.hidden_size)
        self.cross_modal_text_pooler = BridgeTowerPooler(config.hidden_size)
        self.cross_modal_text_layernorm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.cross_modal_image_layernorm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)
        self.cross_modal_text_link_tower = nn.ModuleList(
            [BridgeTowerLinkTower(config) for _ in range(config.num_hidden_layers - 1)])
        self.cross_modal_image_link_tower = nn.ModuleList(
            [BridgeTowerLinkTower(config) for _ in range(config.num_hidden_layers - 1)])

    def get_cls_features(self, text_features, image_features):
        cls_features_text = self.cross_modal_text_pooler(text_features)
        cls_features_image = self.cross_modal_image_pooler(image_features)
        return torch.cat([cls_features_text, cls_features_image], dim=-1)

    def forward(self, input_ids, attention_mask=None, token_type_ids=None, pixel_values=None, pixel_mask=None,
                image_token_type_idx=None):
        # token_type_ids and pixel_mask are accepted and ignored, as in HF.
        all_hidden_states_text = ()
        all_hidden_states_image = ()
        all_hidden_states_cross = ()
        image_token_type_idx = image_token_type_idx if image_token_type_idx else 1
        input_shape = input_ids.size()
        text_embeds = self.text_model.embeddings(input_ids=input_ids)
        all_hidden_states_text += (text_embeds,)
        if attention_mask is None:
            attention_mask = torch.ones(input_shape, dtype=torch.long, device=input_ids.device)
        extend_text_masks = self.text_model.get_extended_attention_mask(attention_mask, text_embeds.dtype)

        text_layers = self.text_model.encoder.layer
        vision_blocks = self.vision_model.visual.transformer.resblocks
        split_index = len(text_layers) - self.config.num_hidden_layers + 1

        for layer in text_layers[:split_index]:
            text_embeds = layer(text_embeds, extend_text_masks)
            all_hidden_states_text += (text_embeds,)

        image_embeds = self.vision_model.visual.forward_pre(pixel_values.type(self.vision_model.dtype))
        all_hidden_states_image += (image_embeds,)
        for block in vision_blocks[:split_index]:
            image_embeds = block(image_embeds)
            all_hidden_states_image += (image_embeds,)
        image_embeds_with_ln = self.vision_model.visual.forward_post(image_embeds)

        # Cross-modal layer 0: transforms, token types and the cross-modal input LayerNorms.
        cross_modal_text = self.cross_modal_text_transform(text_embeds)
        text_token_type_embeddings = self.token_type_embeddings(
            torch.zeros(1, dtype=torch.long, device=input_ids.device)).expand_as(cross_modal_text)
        cross_modal_text = self.cross_modal_text_layernorm(cross_modal_text + text_token_type_embeddings)

        image_embeds_with_ln = self.cross_modal_image_transform(image_embeds_with_ln)
        image_token_type_embeddings = self.token_type_embeddings(
            torch.full((1,), image_token_type_idx, dtype=torch.long, device=input_ids.device)
        ).expand_as(image_embeds_with_ln)
        image_embeds_with_ln = image_embeds_with_ln + image_token_type_embeddings
        cross_modal_image = self.cross_modal_image_layernorm(image_embeds_with_ln)

        pixel_mask = torch.ones((cross_modal_image.size(0), cross_modal_image.size(1)), dtype=torch.long,
                                device=input_ids.device)
        extend_image_masks = self.text_model.get_extended_attention_mask(pixel_mask, cross_modal_image.dtype)

        cross_text_features = self.cross_modal_text_layers[0](
            cross_modal_text, cross_modal_image, attention_mask=extend_text_masks,
            encoder_attention_mask=extend_image_masks)
        cross_image_features = self.cross_modal_image_layers[0](
            cross_modal_image, cross_modal_text, attention_mask=extend_image_masks,
            encoder_attention_mask=extend_text_masks)
        all_hidden_states_cross += ((cross_text_features, cross_image_features),)

        # Bridges: text layer / vision block i feeds cross-modal layer i - split_index + 1.
        link_layer_index = 0
        for i in range(split_index, len(text_layers)):
            text_embeds = text_layers[i](text_embeds, extend_text_masks)
            image_embeds = vision_blocks[i](image_embeds).type(self.vision_model.dtype)
            image_embeds_with_ln = (self.cross_modal_image_transform(
                self.vision_model.visual.forward_post(image_embeds)) + image_token_type_embeddings)

            text_link_tower = self.cross_modal_text_link_tower[link_layer_index]
            image_link_tower = self.cross_modal_image_link_tower[link_layer_index]
            cross_text_features_ = text_link_tower(
                self.cross_modal_text_transform(text_embeds) + text_token_type_embeddings,
                cross_text_features, extend_text_masks)
            cross_image_features_ = image_link_tower(image_embeds_with_ln, cross_image_features, extend_image_masks)

            cross_text_features = self.cross_modal_text_layers[link_layer_index + 1](
                cross_text_features_, cross_image_features_, attention_mask=extend_text_masks,
                encoder_attention_mask=extend_image_masks)
            cross_image_features = self.cross_modal_image_layers[link_layer_index + 1](
                cross_image_features_, cross_text_features_, attention_mask=extend_image_masks,
                encoder_attention_mask=extend_text_masks)
            link_layer_index += 1

            all_hidden_states_text += (text_embeds,)
            all_hidden_states_image += (image_embeds,)
            all_hidden_states_cross += ((cross_text_features, cross_image_features),)

        text_features, image_features = cross_text_features, cross_image_features
        cls_features = self.get_cls_features(text_features, image_features)
        hidden_states = (all_hidden_states_text, all_hidden_states_image, all_hidden_states_cross)
        return text_features, image_features, cls_features, hidden_states


class BridgeTowerContrastiveHead(nn.Module):
    def __init__(self, hidden_size, embed_size):
        super().__init__()
        self.fc = nn.Linear(hidden_size, embed_size)

    def forward(self, x):
        return self.fc(x)


class ContrastiveOutput:
    def __init__(self, **fields):
        self.__dict__.update(fields)


class BridgeTowerForContrastiveLearning(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.bridgetower = BridgeTowerModel(config)
        self.itc_text_head = BridgeTowerContrastiveHead(config.hidden_size, config.contrastive_hidden_size)
        self.itc_image_head = BridgeTowerContrastiveHead(config.hidden_size, config.contrastive_hidden_size)
        self.itc_cross_modal_head = BridgeTowerContrastiveHead(config.hidden_size * 2,
                                                               config.contrastive_hidden_size)
        self.logit_scale = nn.Parameter(torch.tensor(config.logit_scale_init_value))
        self.apply(self._init_weights)

    def _init_weights(self, module):
        # HF's BridgeTowerPreTrainedModel._init_weights (BRIDGETOWER.md §8); only matters for the benchmark.
        std = self.config.initializer_factor
        if isinstance(module, BridgeTowerVisionModel):
            proj_std = (module.visual.transformer.hidden_size ** -0.5) * (
                (2 * module.visual.transformer.num_hidden_layers) ** -0.5)
            attn_std = module.visual.transformer.hidden_size ** -0.5
            fc_std = (2 * module.visual.transformer.hidden_size) ** -0.5
            for block in module.visual.transformer.resblocks:
                nn.init.normal_(block.attn.in_proj_weight, std=attn_std * std)
                nn.init.normal_(block.attn.out_proj.weight, std=proj_std * std)
                nn.init.normal_(block.mlp.c_fc.weight, std=fc_std * std)
                nn.init.normal_(block.mlp.c_proj.weight, std=proj_std * std)
            nn.init.normal_(module.visual.embeddings.class_embedding, std=attn_std * std)
            nn.init.normal_(module.visual.embeddings.position_embedding.weight, std=attn_std * std)
        elif isinstance(module, (nn.Linear, nn.Conv2d, nn.Embedding)):
            module.weight.data.normal_(mean=0.0, std=0.05 * std)
        elif isinstance(module, nn.LayerNorm):
            module.bias.data.zero_()
            module.weight.data.fill_(1.0)
        if isinstance(module, nn.Linear) and module.bias is not None:
            module.bias.data.zero_()

    def forward(self, input_ids, attention_mask=None, token_type_ids=None, pixel_values=None, pixel_mask=None,
                return_loss=True):
        text_features, image_features, pooler_output, hidden_states = self.bridgetower(
            input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids, pixel_values=pixel_values,
            pixel_mask=pixel_mask)
        hidden_states_txt, hidden_states_img, _ = hidden_states

        text_embeds = hidden_states_txt[-1]
        image_embeds = hidden_states_img[-1]
        image_embeds_with_ln = self.bridgetower.vision_model.visual.forward_post(image_embeds)
        image_token_type_embeddings = self.bridgetower.token_type_embeddings(
            torch.full((1,), 1, dtype=torch.long, device=self.bridgetower.token_type_embeddings.weight.device)
        ).expand_as(image_embeds_with_ln)
        image_embeds = self.bridgetower.cross_modal_image_transform(image_embeds_with_ln) + image_token_type_embeddings

        text_embeds = nn.functional.normalize(self.itc_text_head(text_embeds[:, 0, :]), dim=-1, p=2)
        image_embeds = nn.functional.normalize(self.itc_image_head(image_embeds[:, 0, :]), dim=-1, p=2)
        cross_embeds = nn.functional.normalize(self.itc_cross_modal_head(pooler_output), dim=-1, p=2)
        logits = torch.stack([text_embeds, image_embeds, cross_embeds], dim=-2)

        logit_scale = self.logit_scale.exp()
        logits_text_to_image = torch.matmul(text_embeds, image_embeds.t()) * logit_scale
        logits_text_to_cross = torch.matmul(text_embeds, cross_embeds.t()) * logit_scale
        logits_image_to_cross = torch.matmul(image_embeds, cross_embeds.t()) * logit_scale

        itc_loss = None
        if return_loss:
            labels = torch.arange(len(logits), device=logits.device)
            text_to_image_loss = nn.functional.cross_entropy(logits_text_to_image, labels)
            text_to_cross_loss = nn.functional.cross_entropy(logits_text_to_cross, labels)
            image_to_cross_loss = nn.functional.cross_entropy(logits_image_to_cross, labels)
            itc_loss = (text_to_image_loss + text_to_cross_loss + image_to_cross_loss) / 3.0

        return ContrastiveOutput(loss=itc_loss, logits=logits, text_embeds=text_embeds, image_embeds=image_embeds,
                                 cross_embeds=cross_embeds, text_features=text_features,
                                 image_features=image_features, pooler_output=pooler_output,
                                 hidden_states=hidden_states, logit_scale_exp=logit_scale,
                                 logits_text_to_image=logits_text_to_image,
                                 logits_text_to_cross=logits_text_to_cross,
                                 logits_image_to_cross=logits_image_to_cross)


# --------------------------------------------------------------------------------------------------
# safetensors (by hand: 8-byte little-endian header length, JSON header, raw little-endian data)
# --------------------------------------------------------------------------------------------------

SAFETENSORS_DTYPES = {"F32": torch.float32, "F64": torch.float64, "I64": torch.int64, "I32": torch.int32}


def read_safetensors(path):
    with open(path, "rb") as handle:
        blob = handle.read()
    (header_length,) = struct.unpack("<Q", blob[:8])
    header = json.loads(blob[8:8 + header_length].decode("utf-8"))
    data = blob[8 + header_length:]
    tensors = OrderedDict()
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        if sys.byteorder != "little":
            raise RuntimeError("big-endian hosts are not supported")
        dtype = SAFETENSORS_DTYPES[entry["dtype"]]
        begin, end = entry["data_offsets"]
        chunk = bytearray(data[begin:end])
        flat = torch.frombuffer(chunk, dtype=dtype) if chunk else torch.empty(0, dtype=dtype)
        tensors[name] = flat.reshape(entry["shape"]).clone()
    return tensors


# --------------------------------------------------------------------------------------------------
# --check
# --------------------------------------------------------------------------------------------------

def model_outputs_by_fixture_name(out):
    """The model's outputs under the names of expected_contrastive.safetensors (vision states batch-first)."""
    text_states, image_states, cross_states = out.hidden_states
    named = OrderedDict(loss=out.loss, logits=out.logits, text_embeds=out.text_embeds,
                        image_embeds=out.image_embeds, cross_embeds=out.cross_embeds,
                        logit_scale_exp=out.logit_scale_exp, logits_text_to_image=out.logits_text_to_image,
                        logits_text_to_cross=out.logits_text_to_cross,
                        logits_image_to_cross=out.logits_image_to_cross)
    named["bridgetower.text_features"] = out.text_features
    named["bridgetower.image_features"] = out.image_features
    named["bridgetower.pooler_output"] = out.pooler_output
    for i, state in enumerate(text_states):
        named[f"bridgetower.hidden_states.text.{i}"] = state
    for i, state in enumerate(image_states):
        named[f"bridgetower.hidden_states.image.{i}"] = state.permute(1, 0, 2)
    for k, (text, image) in enumerate(cross_states):
        named[f"bridgetower.hidden_states.cross.{k}.text"] = text
        named[f"bridgetower.hidden_states.cross.{k}.image"] = image
    return named


def load_fixture_model(fixture_dir, problems):
    config = config_from_json(os.path.join(fixture_dir, "config.json"))
    model = BridgeTowerForContrastiveLearning(config)
    weights = read_safetensors(os.path.join(fixture_dir, "model.safetensors"))
    # The file is the union of the contrastive and ITM state_dicts; itm_score.* belongs to the ITM model.
    state = OrderedDict((key, value) for key, value in weights.items() if not key.startswith("itm_score."))
    own = model.state_dict()
    missing = sorted(set(own) - set(state))
    unexpected = sorted(set(state) - set(own))
    wrong_shape = sorted(k for k in set(own) & set(state) if tuple(own[k].shape) != tuple(state[k].shape))
    for label, keys in (("missing", missing), ("unexpected", unexpected), ("wrong shape", wrong_shape)):
        for key in keys:
            problems.append(f"weights: {label} key {key}")
    if not (missing or unexpected or wrong_shape):
        model.load_state_dict(state, strict=True)
    return model, config, len(state)


def run_check(fixture_dir):
    torch.set_num_threads(1)
    problems = []
    model, config, loaded = load_fixture_model(fixture_dir, problems)
    if problems:
        print("\n".join(problems))
        return 1
    print(f"weights: {loaded} tensors loaded (strict), {count_parameters(model):,} parameters")
    inputs = read_safetensors(os.path.join(fixture_dir, "inputs.safetensors"))
    expected = read_safetensors(os.path.join(fixture_dir, "expected_contrastive.safetensors"))
    with open(os.path.join(fixture_dir, "train_step.json")) as handle:
        train_step = json.load(handle)
    feed = dict(input_ids=inputs["input_ids"], attention_mask=inputs["attention_mask"],
                pixel_values=inputs["pixel_values"], pixel_mask=inputs["pixel_mask"])

    # 1. Eval forward vs every expected tensor.
    model.eval()
    with torch.no_grad():
        named = model_outputs_by_fixture_name(model(**feed))
    worst_abs, worst_name, worst_rel_excess = 0.0, "", 0.0
    for name, want in expected.items():
        got = named.get(name)
        if got is None:
            problems.append(f"forward: the model has no output named {name}")
            continue
        if tuple(got.shape) != tuple(want.shape):
            problems.append(f"forward: {name} shape {tuple(got.shape)} != expected {tuple(want.shape)}")
            continue
        diff = (got.double() - want.double()).abs()
        limit = 1e-5 + 1e-4 * want.double().abs()
        max_diff = diff.max().item() if diff.numel() else 0.0
        if max_diff > worst_abs:
            worst_abs, worst_name = max_diff, name
        if bool((diff > limit).any()):
            problems.append(f"forward: {name} max |diff| {max_diff:.3e} exceeds atol 1e-5 + rtol 1e-4")
    where = f"({worst_name})" if worst_name else "(bit-identical)"
    print(f"forward: {len(expected)} tensors compared, max |diff| {worst_abs:.3e} {where}")

    # 2. Training step: loss, per-parameter grad norms, loss after one AdamW step.
    model.train()
    model.zero_grad(set_to_none=True)
    loss = model(**feed).loss
    loss.backward()
    loss_diff = abs(loss.item() - train_step["loss"])
    if loss_diff > 1e-5 + 1e-4 * abs(train_step["loss"]):
        problems.append(f"train: loss {loss.item():.9f} != {train_step['loss']:.9f}")
    print(f"train: loss {loss.item():.9f} (HF {train_step['loss']:.9f}, |diff| {loss_diff:.3e})")

    params = dict(model.named_parameters())
    want_norms = train_step["grad_norms"]
    for key in sorted(set(params) ^ set(want_norms)):
        problems.append(f"grad norms: {key} is in only one of the model and train_step.json")
    max_rel, max_rel_name, max_small_abs, compared, nulls = 0.0, "", 0.0, 0, 0
    total_sq = 0.0
    for key in sorted(set(params) & set(want_norms)):
        grad = params[key].grad
        want = want_norms[key]
        if want is None or grad is None:
            if (want is None) != (grad is None):
                problems.append(f"grad norms: {key} has {'a' if grad is not None else 'no'} gradient, HF "
                                f"{'none' if want is None else 'one'}")
            else:
                nulls += 1
            continue
        got = grad.double().norm().item()
        total_sq += got * got
        compared += 1
        if want > 1e-6:
            rel = abs(got - want) / want
            if rel > max_rel:
                max_rel, max_rel_name = rel, key
            if rel > 1e-4:
                problems.append(f"grad norms: {key} {got:.6e} vs HF {want:.6e} (rel {rel:.2e})")
        else:
            absd = abs(got - want)
            max_small_abs = max(max_small_abs, absd)
            if got > 1e-6 or absd > 1e-6:
                problems.append(f"grad norms: {key} {got:.3e} vs HF {want:.3e} (structurally ~0)")
    total_note = ""
    if "total_grad_norm" in train_step:
        total = math.sqrt(total_sq)
        total_note = f", total {total:.6f} vs HF {train_step['total_grad_norm']:.6f}"
    print(f"train: {compared} grad norms compared ({nulls} without gradient, as in HF): max rel diff "
          f"{max_rel:.3e} ({max_rel_name or 'bit-identical'}), max abs diff among ~0 norms "
          f"{max_small_abs:.3e}{total_note}")

    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01)
    optimizer.step()
    with torch.no_grad():
        loss_after = model(**feed).loss.item()
    want_after = train_step["loss_after_one_adamw_step"]
    after_diff = abs(loss_after - want_after)
    if after_diff > 1e-5:
        problems.append(f"train: loss after AdamW {loss_after:.9f} != HF {want_after:.9f}")
    print(f"train: loss after one AdamW step {loss_after:.9f} (HF {want_after:.9f}, |diff| {after_diff:.3e})")

    if problems:
        print(f"CHECK FAILED ({len(problems)} problems):")
        print("\n".join("  " + p for p in problems))
        return 1
    print("CHECK PASSED: same function as HF v4.35.2 BridgeTowerForContrastiveLearning on the tiny fixtures")
    return 0


# --------------------------------------------------------------------------------------------------
# --bench
# --------------------------------------------------------------------------------------------------

def count_parameters(model):
    return sum(p.numel() for p in model.parameters())


def openblas_threads():
    """(threads OpenBLAS says it uses, its parallel mode) from the libopenblas loaded in this process."""
    import ctypes
    try:
        with open("/proc/self/maps") as maps:
            paths = sorted({line.split()[-1] for line in maps if "openblas" in line and "/" in line})
    except OSError:
        return None, None
    for path in paths:
        try:
            lib = ctypes.CDLL(path)
            threads = lib.openblas_get_num_threads()
            mode = {0: "sequential", 1: "pthreads", 2: "openmp"}.get(lib.openblas_get_parallel(), "unknown")
            return threads, mode
        except (OSError, AttributeError):
            continue
    return None, None


def run_bench(args):
    preset = args.preset
    min_time = args.min_time if args.min_time is not None else (3.0 if preset == "tiny" else 10.0)
    config = preset_config(preset)
    blas_threads, blas_mode = openblas_threads()
    for threads in [int(t) for t in str(args.threads).split(",")]:
        torch.set_num_threads(threads)
        torch.manual_seed(args.seed)
        model = BridgeTowerForContrastiveLearning(config)
        parameters = count_parameters(model)
        if parameters != EXPECTED_PARAMETERS[preset]:
            print(f"parameter count {parameters:,} != {EXPECTED_PARAMETERS[preset]:,} (bridgebench-cli model info)",
                  file=sys.stderr)
            return 1
        model.train()
        optimizer = torch.optim.AdamW(model.parameters(), lr=1e-5, weight_decay=0.01)

        batch, length = args.batch, args.text_length
        image = config.vision_config.image_size
        input_ids = torch.randint(3, config.text_config.vocab_size, (batch, length), dtype=torch.long)
        input_ids[:, 0] = 0
        input_ids[:, -1] = 2
        attention_mask = torch.ones(batch, length, dtype=torch.long)
        pixel_values = torch.randn(batch, 3, image, image)

        def step():
            optimizer.zero_grad()
            loss = model(input_ids=input_ids, attention_mask=attention_mask, pixel_values=pixel_values).loss
            loss.backward()
            optimizer.step()

        for _ in range(args.warmup):
            step()
        steps = 0
        step_seconds = []
        cpu_start = time.process_time()
        start = time.perf_counter()
        while True:
            step_start = time.perf_counter()
            step()
            step_seconds.append(time.perf_counter() - step_start)
            steps += 1
            seconds = time.perf_counter() - start
            if seconds >= min_time:
                break
        cpu_seconds = time.process_time() - cpu_start
        median_step = sorted(step_seconds)[len(step_seconds) // 2]
        load1 = os.getloadavg()[0]
        print(json.dumps(OrderedDict(
            preset=preset, parameters=parameters, threads=torch.get_num_threads(), blas_threads=blas_threads,
            blas_parallel=blas_mode, openblas_num_threads_env=os.environ.get("OPENBLAS_NUM_THREADS"),
            batch=batch, text_length=length, image_size=image, steps=steps, seconds=round(seconds, 4),
            samples_per_s=round(batch * steps / seconds, 3), ms_per_step=round(1000 * seconds / steps, 2),
            median_samples_per_s=round(batch / median_step, 3), min_ms_per_step=round(1000 * min(step_seconds), 2),
            process_cpu_s=round(cpu_seconds, 3),
            load_average_1m=load1, torch=torch.__version__)), flush=True)
    return 0


def main():
    args = ARGS
    if args.check:
        return run_check(args.check)
    if args.count:
        model = BridgeTowerForContrastiveLearning(preset_config(args.preset))
        count = count_parameters(model)
        print(json.dumps(dict(preset=args.preset, parameters=count,
                              expected=EXPECTED_PARAMETERS[args.preset])))
        return 0 if count == EXPECTED_PARAMETERS[args.preset] else 1
    return run_bench(args)


if __name__ == "__main__":
    sys.exit(main())
