#!/usr/bin/env python3
"""Writes the TensorBoard event-file fixtures byte by byte, independently of BridgeBench's C++:
protobuf wire format and CRC-32C are encoded here from their specifications, field numbers are
TensorFlow's (event.proto, summary.proto, tensor.proto). Run it from this folder; the tests
(tests/core/store/tfevents_file_test.cpp) state the values it writes."""
import struct


def crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def masked(data):
    crc = crc32c(data)
    return ((((crc >> 15) | (crc << 17)) & 0xFFFFFFFF) + 0xA282EAD8) & 0xFFFFFFFF


def record(data):
    length = struct.pack('<Q', len(data))
    return length + struct.pack('<I', masked(length)) + data + struct.pack('<I', masked(data))


def varint(value):
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def key(field, wire_type):
    return varint(field << 3 | wire_type)


def f_varint(field, value):
    return key(field, 0) + varint(value)


def f_double(field, value):
    return key(field, 1) + struct.pack('<d', value)


def f_float(field, value):
    return key(field, 5) + struct.pack('<f', value)


def f_bytes(field, data):
    return key(field, 2) + varint(len(data)) + data


DT_FLOAT, DT_DOUBLE, DT_STRING, DT_INT64, DT_BFLOAT16, DT_HALF = 1, 2, 7, 9, 14, 19


def shape(*dims):
    return f_bytes(2, b''.join(f_bytes(2, f_varint(1, d)) for d in dims))


def tensor(dtype, *fields):
    return f_varint(1, dtype) + b''.join(fields)


def plugin(name):
    return f_bytes(9, f_bytes(1, f_bytes(1, name)))  # Value.metadata.plugin_data.plugin_name


def value(tag, *fields):
    return f_bytes(1, f_bytes(1, tag) + b''.join(fields))  # Summary.value


def simple(tag, number):
    return value(tag, f_float(2, number))


def tensor_value(tag, tensor_bytes, plugin_name=None):
    return value(tag, *([plugin(plugin_name)] if plugin_name else []), f_bytes(8, tensor_bytes))


def event(wall_time, step, *summary_values, what=None):
    out = f_double(1, wall_time)
    if step:
        out += f_varint(2, step)
    if what is not None:
        out += what
    if summary_values:
        out += f_bytes(5, b''.join(summary_values))
    return out


def scalars_fixture():
    t0 = 1700000000.0
    events = [
        event(t0, 0, what=f_bytes(3, b'brain.Event:2')),
        event(t0 + 1.5, 10, simple(b'train/loss', 2.5), simple(b'train/learning_rate', 5e-5)),
        # TF2 Python / PyTorch new-style: rank-0 DT_FLOAT tensor, float_val packed.
        event(t0 + 2, 10, tensor_value(b'tf2/loss', tensor(DT_FLOAT, shape(), f_bytes(5, struct.pack('<f', 1.25))), b'scalars')),
        # Same tag, metadata left out as writers do after the first value; float_val not packed.
        event(t0 + 3, 20, tensor_value(b'tf2/loss', tensor(DT_FLOAT, shape(), f_float(5, 1.0)))),
        event(t0 + 3, 20, tensor_value(b'tf2/grad_norm', tensor(DT_DOUBLE, shape(), f_bytes(6, struct.pack('<d', 3.141592653589793))), b'scalars')),
        # TF2 C++ writer: raw tensor_content.
        event(t0 + 4, 20, tensor_value(b'tfc/samples_per_second', tensor(DT_FLOAT, shape(), f_bytes(4, struct.pack('<f', 601.5))), b'scalars')),
        event(t0 + 4, 20, tensor_value(b'tfc/throughput', tensor(DT_DOUBLE, shape(1), f_bytes(4, struct.pack('<d', 847.7))), b'scalars')),
        event(t0 + 4, 20, tensor_value(b'tfc/half', tensor(DT_HALF, shape(), f_bytes(4, struct.pack('<H', 0x3E00))), b'scalars')),
        event(t0 + 4, 20, tensor_value(b'tfc/bf16', tensor(DT_BFLOAT16, shape(), f_bytes(13, varint(0x3FC0))), b'scalars')),
        event(t0 + 4, 20, tensor_value(b'tfc/count', tensor(DT_INT64, shape(), f_bytes(10, varint(42))), b'scalars')),
        # Not scalars: text, a histogram-shaped tensor, a graph. Passed over silently.
        event(t0 + 5, 0, tensor_value(b'args/text_summary', tensor(DT_STRING, shape(1), f_bytes(8, b'lr=5e-5')), b'text')),
        event(t0 + 5, 20, tensor_value(b'weights', tensor(DT_FLOAT, shape(2, 3), f_bytes(4, bytes(24))), b'histograms')),
        event(t0 + 5, 0, what=f_bytes(4, b'\x0a\x03abc')),
        # Claims to be a scalar but its content is 3 bytes: skipped with a warning.
        event(t0 + 6, 30, tensor_value(b'bad/scalar', tensor(DT_FLOAT, shape(), f_bytes(4, b'\x00\x00\x80')), b'scalars')),
        event(t0 + 7, 30, simple(b'train/loss', 2.0), simple(b'train/epoch', 0.5)),
    ]
    return b''.join(record(e) for e in events)


def writer_expected():
    # What TensorFlow's and PyTorch's writers produce for these events; BridgeBench's writer must
    # produce the same bytes.
    t0 = 1700000000.0
    return record(event(t0, 0, what=f_bytes(3, b'brain.Event:2'))) + \
        record(event(t0 + 1.5, 10, simple(b'train/loss', 2.5))) + \
        record(event(t0 + 2.25, 20, simple(b'train/samples_per_second', 601.5)))


# The Trainer's own constants for the H100 trainer fixture (tests/data/trainer/h100): logging every
# 10 steps, global batch 8 x 48 = 384, steps 10-30 taking 0.6 s each and steps 30-50 0.65 s each.
TRAINER_T0 = 1700000000.0
TRAINER_STEP_S = {20: 0.6, 30: 0.6, 40: 0.65, 50: 0.65}


def trainer_fixture():
    """What transformers' TensorBoardCallback writes: on_log's figures under train/, the last
    entry's train_* figures at the final step, and the args as text at the start."""
    history = {10: (1.9872, 12.625, 8.958333333333334e-06, 0.1), 20: (1.2031, 9.8125, 7.916666666666667e-06, 0.21),
               30: (0.9874, float('nan'), 6.875e-06, 0.31), 40: (0.8812, 7.40625, 5.833333333333333e-06, 0.42),
               50: (0.8125, 6.90625, 4.791666666666667e-06, 0.52)}
    events = [event(TRAINER_T0, 0, what=f_bytes(3, b'brain.Event:2')),
              event(TRAINER_T0 + 0.1, 0, tensor_value(b'args/text_summary', tensor(DT_STRING, shape(1), f_bytes(8, b'{"per_device_train_batch_size": 48}')), b'text'))]
    wall = TRAINER_T0 + 9.0  # step 10 logged at t0 + 9 s (warm-up and compilation included)
    for step in sorted(history):
        wall += TRAINER_STEP_S.get(step, 0) * 10
        loss, grad_norm, lr, epoch = history[step]
        events.append(event(wall, step, simple(b'train/loss', loss), simple(b'train/grad_norm', grad_norm),
                            simple(b'train/learning_rate', lr), simple(b'train/epoch', epoch)))
    events.append(event(wall + 0.5, 50, simple(b'train/train_runtime', 31.8918),
                        simple(b'train/train_samples_per_second', 602.1), simple(b'train/train_steps_per_second', 1.568),
                        simple(b'train/total_flos', 1234567800000000.0), simple(b'train/train_loss', 1.17428),
                        simple(b'train/epoch', 0.52)))
    return b''.join(record(e) for e in events)


if __name__ == '__main__':
    with open('trainer-h100/events.out.tfevents.1700000000.h100.4242.0', 'wb') as out:
        out.write(trainer_fixture())
    with open('events.out.tfevents.1700000000.fixture', 'wb') as out:
        out.write(scalars_fixture())
    with open('writer_expected.tfevents', 'wb') as out:
        out.write(writer_expected())
    assert masked(b'\x1a\x11CRC test, one two') == 0x5794D08A
