# The two commands of the README. Everything else is plain CMake (see CMakePresets.json).
BUILD_DIR ?= build/release
JOBS ?= $(shell nproc)

.PHONY: run test deps build clean

deps:
	@scripts/install-deps.sh

build: deps
	cmake --preset release
	cmake --build $(BUILD_DIR) -j $(JOBS)

# With a display: the GUI. Without: the default quick benchmark, headless.
run: build
	@scripts/run-main-job.sh $(BUILD_DIR)

test: build
	QT_QPA_PLATFORM=offscreen ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

clean:
	rm -rf build
