# The two commands of the README. Everything else is plain CMake (see CMakePresets.json).
BUILD_DIR ?= build/release
JOBS ?= $(shell nproc)

.PHONY: run test deps build clean check-asan check-tsan fuzz

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

# The slow checks (README, "Fuzzing and sanitizers"): too slow for every CI run on two cores.
# Every test under ASan + UBSan, GUI tests included.
check-asan: deps
	cmake --preset asan
	cmake --build build/asan -j $(JOBS)
	QT_QPA_PLATFORM=offscreen ASAN_OPTIONS=$(BB_ASAN_OPTIONS) UBSAN_OPTIONS=$(BB_UBSAN_OPTIONS) \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/sanitizers/lsan.supp \
	  ctest --test-dir build/asan --output-on-failure -j $(JOBS)

# The tests that run several threads, under TSan; reports from uninstrumented libraries are
# suppressed in tests/sanitizers/tsan.supp, each with its reason.
check-tsan: deps
	cmake --preset tsan
	cmake --build build/tsan -j $(JOBS) --target core_tests cli_tests ui_tests
	QT_QPA_PLATFORM=offscreen TSAN_OPTIONS="suppressions=$(CURDIR)/tests/sanitizers/tsan.supp halt_on_error=1 second_deadlock_stack=1" \
	  ctest --test-dir build/tsan --output-on-failure -j $(JOBS) -R '$(BB_TSAN_TESTS)'

# Every fuzz target for FUZZ_SECONDS each (scripts/fuzz.sh; needs clang-14 and libclang-rt-14-dev).
FUZZ_SECONDS ?= 60
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)

BB_ASAN_OPTIONS ?= detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=0
BB_UBSAN_OPTIONS ?= print_stacktrace=1:halt_on_error=1
BB_TSAN_TESTS ?= ^(ResultStore|HostCpuShare|StepWriter|Loader|LoaderTest|LoaderStager|LoaderTraining|RunSession|RunPanel|LiveDashboard|MainWindow|ReportExportTest|RunImporter|DataParallelSync|BucketReducer|CliDataParallel|StepReader|DiagnosisPanel|CompareView|RunsBrowser|Export)\.

clean:
	rm -rf build
