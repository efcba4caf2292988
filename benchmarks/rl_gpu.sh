#!/usr/bin/env bash
# A larger learning result for docs/rl.md, for a machine with a GPU and more cores (made for 16 cores + one
# H100; about 5 minutes): the lean masked PPO (examples/lean_ppo.py) on SameGame 15x15 with 16,384 boards
# stepped by 16 threads, a 256-wide network on the GPU, 4 minutes of training, scored on 2,000 evaluation
# boards against the random and the greedy agent. Writes $OUT/rl_lean.json where OUT is set (else
# benchmarks/results/rl_gpu_samegame15.json) and prints the curve.
#
#   bash benchmarks/rl_gpu.sh        # needs torch (with CUDA), numpy, Cython, gymnasium
#
# A machine with no network and no gymnasium (the lent H100/H200 machines: Python 3.12, torch 2.11+cu130,
# Cython 3.3, no gymnasium): copy the pure-Python gymnasium and its dependencies into build/pydeps first,
#   SP=$(python -c "import gymnasium, os; print(os.path.dirname(os.path.dirname(gymnasium.__file__)))")
#   mkdir -p build/pydeps && cp -r $SP/gymnasium $SP/cloudpickle $SP/farama_notifications \
#       $SP/typing_extensions.py build/pydeps/
# and carry build/pydeps there. The kernels are built here if needed (15 s on 16 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONPATH="$PWD/build/pydeps:$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
python -c "import gridgames.envs._batch" 2>/dev/null || python setup.py build_ext --inplace -q -j 16
device=$(python -c "import torch; print('cuda' if torch.cuda.is_available() else 'cpu')")
threads=$(python -c "import os; print(min(16, os.cpu_count()))")
echo "device $device, $threads threads"
RL_MACHINE="$(nproc) cores, $(python -c "import torch; print(torch.cuda.get_device_name() if torch.cuda.is_available() else 'no GPU')")" \
python benchmarks/rl_lean.py --game SameGame --rows 15 --cols 15 --device "$device" --threads "$threads" \
    --n-envs 16384 --hidden 256 --steps 2000000000 --every 20000000 --boards 2000 --seeds 0 \
    --set env_threads="$threads" max_wall_s=240 n_steps=32 minibatches=8 \
    --json "${OUT:-benchmarks/results}/rl_gpu_samegame15.json"
