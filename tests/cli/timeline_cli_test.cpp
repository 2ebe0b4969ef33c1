// The timeline (#51) end to end through bridgebench-cli: real runs record spans of the training
// thread, the loader workers and, with two ranks, the all-reduce buckets; `export --format
// trace` writes a Trace Event file whose structure Perfetto needs; `show` says what it shows.
#include <algorithm>
#include <fstream>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/file_bytes.h"
#include "support/hand_edit.h"
#include "support/process_runner.h"
#include "support/temp_dir.h"

namespace {

struct Span {
    std::string name;
    double begin = 0, end = 0;
    std::int64_t step = 0;
};
using Tracks = std::map<std::pair<int, int>, std::vector<Span>>;  // (pid, tid)

Tracks tracksOf(const nlohmann::json& trace) {
    Tracks tracks;
    for (const auto& event : trace.at("traceEvents"))
        if (event.at("ph") == "X") {
            const double ts = event.at("ts");
            tracks[{event.at("pid"), event.at("tid")}].push_back(
                {event.at("name"), ts, ts + event.at("dur").get<double>(), event.at("args").at("step")});
        }
    return tracks;
}

class Timeline : public ::testing::Test {
protected:
    bb::test::ProcessResult cli(const std::string& arguments) {
        return bb::test::runCommand(std::string(BB_CLI_PATH) + " " + arguments + " --db " + db().string());
    }
    std::filesystem::path db() const { return m_dir.file("runs.db"); }

    std::int64_t run(const std::string& settings) {
        const auto result = cli("run --json --set model=mini-clip --set batch_size=4 --set probe=false " + settings);
        EXPECT_EQ(result.exitCode, 0) << result.out;
        return nlohmann::json::parse(result.out).at("run_id").get<std::int64_t>();
    }

    nlohmann::json trace(std::int64_t runId) {
        const auto out = m_dir.file("trace-" + std::to_string(runId) + ".json");
        const auto result = cli("export " + std::to_string(runId) + " --format trace --out " + out.string());
        EXPECT_EQ(result.exitCode, 0) << result.out;
        return nlohmann::json::parse(bb::test::readFileBytes(out));
    }


    bb::test::TempDir m_dir;
};

bool overlap(const Span& a, const Span& b) { return a.begin < b.end && b.begin < a.end; }

// What Perfetto needs of a track: spans in order of start, each nested in the one before it or
// after its end; every process and thread named.
void expectWellFormed(const nlohmann::json& trace) {
    std::map<int, bool> processNamed;
    std::map<std::pair<int, int>, bool> threadNamed;
    for (const auto& event : trace.at("traceEvents")) {
        if (event.at("ph") != "M") continue;
        if (event.at("name") == "process_name") processNamed[event.at("pid")] = !event.at("args").at("name").get<std::string>().empty();
        if (event.at("name") == "thread_name")
            threadNamed[{event.at("pid"), event.at("tid")}] = !event.at("args").at("name").get<std::string>().empty();
    }
    constexpr double kRoundingUs = 0.002;
    for (auto [key, spans] : tracksOf(trace)) {
        EXPECT_TRUE(processNamed[key.first]) << "process " << key.first << " has no name";
        EXPECT_TRUE(threadNamed[key]) << "thread " << key.second << " of process " << key.first << " has no name";
        std::stable_sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) {
            return a.begin < b.begin || (a.begin == b.begin && a.end > b.end);
        });
        std::vector<Span> open;
        for (const Span& span : spans) {
            EXPECT_FALSE(span.name.empty());
            EXPECT_GE(span.end, span.begin);
            while (!open.empty() && open.back().end <= span.begin + kRoundingUs) open.pop_back();
            if (!open.empty())
                EXPECT_LE(span.end, open.back().end + kRoundingUs)
                    << span.name << " of step " << span.step << " on thread " << key.second << " crosses "
                    << open.back().name << " of step " << open.back().step;
            open.push_back(span);
        }
    }
}

TEST_F(Timeline, TwoWorkersDecodeWhileTheTrainingThreadComputes) {
    const auto id = run("--set steps=24 --set workers=2 --set warmup_steps=2");
    const auto trace = this->trace(id);
    expectWellFormed(trace);
    const Tracks tracks = tracksOf(trace);
    std::vector<Span> compute, decodes;
    for (const auto& span : tracks.at({0, 0}))
        if (span.name == "forward" || span.name == "backward") compute.push_back(span);
    for (int worker = 1; worker <= 2; ++worker) {
        ASSERT_TRUE(tracks.contains({0, worker})) << "no spans of worker " << worker;
        for (const auto& span : tracks.at({0, worker}))
            if (span.name == "decode") decodes.push_back(span);
    }
    ASSERT_FALSE(compute.empty());
    ASSERT_FALSE(decodes.empty());
    const auto overlapping = std::count_if(decodes.begin(), decodes.end(), [&](const Span& decode) {
        return std::any_of(compute.begin(), compute.end(), [&](const Span& c) { return overlap(decode, c); });
    });
    EXPECT_GT(overlapping, 0) << "no worker decoded while the training thread ran forward or backward";
    // Warm-up steps are not sampled; the 22 after it are.
    std::set<std::int64_t> steps;
    for (const auto& span : tracks.at({0, 0})) steps.insert(span.step);
    EXPECT_EQ(*steps.begin(), 2);
    EXPECT_EQ(steps.size(), 22u);

    const auto shown = cli("show " + std::to_string(id) + " --json");
    ASSERT_EQ(shown.exitCode, 0);
    const auto timeline = nlohmann::json::parse(shown.out).at("timeline");
    EXPECT_EQ(timeline.at("steps_recorded"), 22);
    EXPECT_EQ(timeline.at("workers").size(), 2u);
    const auto text = cli("show " + std::to_string(id));
    EXPECT_NE(text.out.find("loader workers busy: worker 1"), std::string::npos) << text.out;

    // The diagnosis says what the timeline shows, in `show`, its JSON and the report.
    const auto evidence = nlohmann::json::parse(shown.out).at("diagnosis").at("timeline_evidence");
    ASSERT_TRUE(evidence.is_array());
    EXPECT_TRUE(std::any_of(evidence.begin(), evidence.end(), [](const auto& line) {
        return line.template get<std::string>().find("% of the recorded time") != std::string::npos;
    })) << evidence.dump();
    EXPECT_TRUE(std::any_of(evidence.begin(), evidence.end(), [](const auto& line) {
        return line.template get<std::string>().find("the training thread waited longest for") != std::string::npos;
    })) << evidence.dump();
    EXPECT_NE(text.out.find("\n  timeline: "), std::string::npos) << text.out;
    const auto report = m_dir.file("report.html");
    ASSERT_EQ(cli("export " + std::to_string(id) + " --format html --out " + report.string()).exitCode, 0);
    std::ifstream html(report);
    const std::string page((std::istreambuf_iterator<char>(html)), std::istreambuf_iterator<char>());
    EXPECT_NE(page.find("Timeline: "), std::string::npos);
    EXPECT_NE(page.find("% of the recorded time"), std::string::npos);
}

TEST_F(Timeline, WithNoWorkersTheDecodeLiesInsideTheDataWait) {
    const auto id = run("--set steps=6 --set workers=0 --set warmup_steps=0");
    const auto trace = this->trace(id);
    expectWellFormed(trace);
    // The tracks held by name: a reference into tracksOf's temporary dangled once the statement
    // ended, and the test failed whenever the freed memory had been reused (after another test).
    const Tracks tracks = tracksOf(trace);
    const auto& main = tracks.at({0, 0});
    std::size_t decodes = 0;
    for (const auto& span : main) {
        if (span.name != "decode") continue;
        ++decodes;
        EXPECT_TRUE(std::any_of(main.begin(), main.end(), [&](const Span& wait) {
            return wait.name == "data wait" && wait.step == span.step && wait.begin <= span.begin && span.end <= wait.end;
        })) << "a decode of step " << span.step << " outside its data wait";
    }
    EXPECT_EQ(decodes, 6u * 4u);  // every sample of every step, on the training thread
}

TEST_F(Timeline, OffStoresNothingAndTheTraceExportSaysSo) {
    const auto id = run("--set steps=4 --set timeline=off");
    const auto out = m_dir.file("none.json");
    const auto exported = cli("export " + std::to_string(id) + " --format trace --out " + out.string());
    EXPECT_EQ(exported.exitCode, 3);
    EXPECT_NE(exported.err.find("run " + std::to_string(id)), std::string::npos) << exported.err;
    EXPECT_NE(exported.err.find("no timeline"), std::string::npos) << exported.err;
    EXPECT_FALSE(std::filesystem::exists(out));
    const auto shown = cli("show " + std::to_string(id) + " --json");
    EXPECT_TRUE(nlohmann::json::parse(shown.out).at("timeline").is_null());
}

TEST_F(Timeline, ADatabaseFromBeforeTheTimelineOpensAndShowsNoneRecorded) {
    const auto id = run("--set steps=3 --set timeline=off");
    // As the build before schema 7 left it.
    bb::test::handExecute(db(), "DROP TABLE timeline_spans; DROP TABLE IF EXISTS machine_peaks; DROP TABLE IF EXISTS profile_ops; "
                                "DROP TABLE IF EXISTS op_names; PRAGMA user_version = 6;");
    const auto shown = cli("show " + std::to_string(id));
    EXPECT_EQ(shown.exitCode, 0) << shown.out;
    EXPECT_NE(shown.out.find("Timeline: none recorded"), std::string::npos) << shown.out;
    // The open migrated it: a new run records its timeline there.
    const auto next = run("--set steps=3 --set warmup_steps=0");
    EXPECT_EQ(tracksOf(trace(next)).at({0, 0}).front().step, 0);
}

TEST_F(Timeline, TwoRanksGetAProcessRowEachWithTheirAllReduceBuckets) {
    const auto id = run("--set steps=6 --set warmup_steps=1 --set devices=2 --set ddp_bucket_mb=0.05");
    const auto trace = this->trace(id);
    expectWellFormed(trace);
    const Tracks tracks = tracksOf(trace);
    for (const int rank : {0, 1}) {
        ASSERT_TRUE(tracks.contains({rank, 0})) << "no training thread of rank " << rank;
        const bool buckets = std::any_of(tracks.begin(), tracks.end(), [&](const auto& track) {
            return track.first.first == rank && track.first.second >= 100 && track.first.second < 200 &&
                   std::all_of(track.second.begin(), track.second.end(), [](const Span& s) { return s.name == "bucket"; });
        });
        EXPECT_TRUE(buckets) << "no all-reduce buckets on rank " << rank;
    }
    EXPECT_TRUE(trace.at("otherData").contains("clock_alignment_us"));
}

// profile_steps (#51): the ops of two steps after the counted ones, beside the spans.
TEST_F(Timeline, TwoProfiledStepsStoreTheirOpsAndLeaveTheRunsStepsAsTheyWere) {
    // tiny: BridgeTower's layers, whose matrix multiplies mini-clip's convolutions would outweigh.
    const std::string settings = "--set model=tiny --set batch_size=2 --set steps=4 --set warmup_steps=1 --set workers=1";
    const auto plain = run(settings);
    const auto profiled = run(settings + " --set profile_steps=2");
    const auto plainJson = nlohmann::json::parse(cli("show " + std::to_string(plain) + " --json").out);
    const auto shown = cli("show " + std::to_string(profiled) + " --json");
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    const auto json = nlohmann::json::parse(shown.out);
    // The profiled steps are extra: neither stored as steps nor counted in the summary.
    EXPECT_EQ(json.at("steps_stored"), 4);
    EXPECT_EQ(json.at("steps_stored"), plainJson.at("steps_stored"));
    EXPECT_EQ(json.at("summary").at("steps"), plainJson.at("summary").at("steps"));
    EXPECT_EQ(json.at("summary").at("profile").at("steps"), 2);
    EXPECT_TRUE(plainJson.at("profile").is_null());

    const auto& profile = json.at("profile");
    ASSERT_TRUE(profile.is_object()) << json.dump();
    EXPECT_EQ(profile.at("profile_steps"), 2);
    EXPECT_EQ(profile.at("steps"), 2);
    EXPECT_GT(profile.at("events").get<int>(), 20);
    const auto& top = profile.at("top");
    EXPECT_LE(top.size(), 15u);
    EXPECT_TRUE(std::any_of(top.begin(), top.end(), [](const nlohmann::json& op) {
        const std::string name = op.at("op");
        return name == "aten::mm" || name == "aten::addmm" || name == "aten::linear" || name == "aten::matmul";
    })) << top.dump();

    const auto text = cli("show " + std::to_string(profiled));
    EXPECT_NE(text.out.find("Ops (profile_steps=2, after the counted steps):"), std::string::npos) << text.out;
    const auto opsAt = text.out.find("Ops (profile_steps=2");
    const auto section = text.out.substr(opsAt, text.out.find("Diagnosis", opsAt) - opsAt);
    std::size_t lineStart = 0;
    while (lineStart < section.size()) {
        const std::size_t lineEnd = std::min(section.find('\n', lineStart), section.size());
        const std::string line = section.substr(lineStart, lineEnd - lineStart);
        const auto columns = std::count_if(line.begin(), line.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
        EXPECT_LE(columns, 120) << line;
        lineStart = lineEnd + 1;
    }
    EXPECT_NE(cli("show " + std::to_string(plain)).out.find("Ops: none recorded (profile_steps=0)"), std::string::npos);

    // The trace: the ops on tracks of their own under rank 0, numbered after the counted steps.
    const auto trace = this->trace(profiled);
    expectWellFormed(trace);
    std::set<std::string> opTracks;
    for (const auto& event : trace.at("traceEvents"))
        if (event.at("ph") == "M" && event.at("name") == "thread_name") {
            const std::string name = event.at("args").at("name");
            if (name.rfind("ops: ", 0) == 0) opTracks.insert(name);
        }
    EXPECT_TRUE(std::any_of(opTracks.begin(), opTracks.end(), [](const std::string& name) {
        return name.rfind("ops: cpu thread ", 0) == 0;
    })) << trace.dump().substr(0, 2000);
    std::set<std::int64_t> opSteps;
    for (const auto& [track, spans] : tracksOf(trace))
        if (track.second >= 1000)
            for (const auto& span : spans) opSteps.insert(span.step);
    EXPECT_EQ(opSteps, (std::set<std::int64_t>{4, 5}));
}

// Every rank trains the profiled steps (each one's all-reduce needs them all); rank 0's ops alone are kept.
TEST_F(Timeline, TwoRanksBothTrainTheProfiledStepsAndRankZerosOpsAreStored) {
    const auto id = run("--set steps=3 --set warmup_steps=1 --set devices=2 --set ddp_bucket_mb=0.05 --set profile_steps=1");
    const auto json = nlohmann::json::parse(cli("show " + std::to_string(id) + " --json").out);
    EXPECT_EQ(json.at("status"), "completed");
    EXPECT_EQ(json.at("summary").at("profile").at("steps"), 1) << json.at("summary").dump();
    ASSERT_TRUE(json.at("profile").is_object());
    const auto trace = this->trace(id);
    expectWellFormed(trace);
    for (const auto& [track, spans] : tracksOf(trace)) {
        if (track.second >= 1000) {
            EXPECT_EQ(track.first, 0) << "ops of rank " << track.first;
        }
    }
}

TEST_F(Timeline, ProfileStepsOutOfRangeOrNotAnIntegerAreRefusedBeforeAnyRow) {
    for (const std::string value : {"-1", "21", "abc"}) {
        const auto refused = cli("run --set model=mini-clip --set steps=2 --set profile_steps=" + value);
        EXPECT_EQ(refused.exitCode, 2) << value;
        EXPECT_NE(refused.err.find("profile_steps"), std::string::npos) << refused.err;
        EXPECT_NE(refused.err.find(value), std::string::npos) << refused.err;
        EXPECT_FALSE(std::filesystem::exists(db())) << "a row for profile_steps=" << value;
    }
}

TEST_F(Timeline, ADatabaseFromBeforeTheOpsOpensAndShowsNoneRecorded) {
    const auto id = run("--set steps=3");
    // As the build before schema 9 left it.
    bb::test::handExecute(db(), "DROP TABLE profile_ops; DROP TABLE op_names; PRAGMA user_version = 8;");
    const auto shown = cli("show " + std::to_string(id));
    EXPECT_EQ(shown.exitCode, 0) << shown.err;
    EXPECT_NE(shown.out.find("Ops: none recorded (profile_steps=0)"), std::string::npos) << shown.out;
    EXPECT_TRUE(nlohmann::json::parse(cli("show " + std::to_string(id) + " --json").out).at("profile").is_null());
}

}  // namespace
