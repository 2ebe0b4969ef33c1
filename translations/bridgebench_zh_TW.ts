<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>LiveDashboard</name>
    <message>
        <location filename="../ui/widgets/live_dashboard.cpp" line="+47"/>
        <source>%1 h %2 min</source>
        <translation>%1 小時 %2 分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <location filename="../ui/widgets/timeline_view.cpp" line="+30"/>
        <source>data wait</source>
        <translation>等待資料</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>host-to-device copy</source>
        <translation>主機至裝置複製</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>device transforms</source>
        <translation>裝置端轉換</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all-reduce wait</source>
        <translation>等待 all-reduce</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>optimizer</source>
        <translation>最佳化器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>record</source>
        <translation>記錄</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>read</source>
        <translation>讀取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>decode</source>
        <translation>解碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>transform</source>
        <translation>轉換</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokenize</source>
        <translation>分詞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>collate</source>
        <translation>組裝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>idle</source>
        <translation>閒置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bucket</source>
        <translation>分桶</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>copy</source>
        <translation>複製</translation>
    </message>
</context>
<context>
    <name>bb::ui</name>
    <message>
        <location filename="../ui/charts/chart_export.cpp" line="+42"/>
        <location line="+6"/>
        <location line="+19"/>
        <source>Invalid image size or DPI</source>
        <translation>無效的影像尺寸或 DPI</translation>
    </message>
    <message>
        <location line="-24"/>
        <location line="+17"/>
        <location line="+19"/>
        <source>Cannot write %1</source>
        <translation>無法寫入 %1</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>Exported from BridgeBench</source>
        <translation>由 BridgeBench 匯出</translation>
    </message>
</context>
<context>
    <name>bb::ui::AboutDialog</name>
    <message>
        <location filename="../ui/dialogs/about_dialog.cpp" line="+13"/>
        <source>BridgeBench %1 (commit %2)
Qt %3 (built with %4)
LibTorch %5%6
OpenCV %7
SQLite %8
libjpeg-turbo %9</source>
        <translation>BridgeBench %1（commit %2）
Qt %3（以 %4 建置）
LibTorch %5%6
OpenCV %7
SQLite %8
libjpeg-turbo %9</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> with CUDA</source>
        <translation>（含 CUDA）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>About BridgeBench</source>
        <translation>關於 BridgeBench</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;BridgeBench&lt;/h3&gt;&lt;p&gt;Training-throughput explorer for vision-language models: configure runs, watch them live, and compare devices and loader settings with the published BridgeTower study.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;BridgeBench&lt;/h3&gt;&lt;p&gt;視覺語言模型的訓練輸送量探索工具：設定執行、即時監看，並將各裝置與載入器設定和已發表的 BridgeTower 研究相互比較。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>bb::ui::CompareChart</name>
    <message>
        <location filename="../ui/charts/compare_chart.cpp" line="+63"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no speedup</source>
        <translation>無加速比</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>no speedup where a sample is other work</source>
        <translation>樣本工作量不同處不計加速比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no speedup where a workload is unknown</source>
        <translation>工作負載未知處不計加速比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(see the table)</source>
        <translation>（見表格）</translation>
    </message>
    <message>
        <location line="+74"/>
        <location line="+2"/>
        <source>Throughput by device and configuration</source>
        <translation>各裝置與組態的輸送量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>speedup against %1</source>
        <translation>相對於 %1 的加速比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Speedup against %1</source>
        <translation>相對於 %1 的加速比</translation>
    </message>
</context>
<context>
    <name>bb::ui::CompareView</name>
    <message>
        <location filename="../ui/widgets/compare_view.cpp" line="+65"/>
        <source>Samples/s (all devices)</source>
        <translation>Samples/s（所有裝置）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Samples/s per device</source>
        <translation>每裝置 Samples/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Achieved TFLOP/s</source>
        <translation>實際達成 TFLOP/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Achieved TFLOP/s per device</source>
        <translation>每裝置實際達成 TFLOP/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU (% of device peak)</source>
        <translation>MFU（裝置峰值的 %）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per-device normalisation and achieved TFLOP/s put runs of different size or model on one axis</source>
        <translation>依每裝置正規化或以實際達成的 TFLOP/s 呈現，可將不同規模或模型的執行放在同一座標軸上比較</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Speedups are computed against this device (same configuration) or run</source>
        <translation>加速比以此裝置（相同組態）或此執行為基準計算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Published study</source>
        <translation>已發表的研究</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the figures of the BridgeTower study (Hugging Face, August 2023) and, beside them, the reference tables BridgeBench measured</source>
        <translation>顯示 BridgeTower 研究（Hugging Face，2023 年 8 月）的數據，並列出 BridgeBench 實測的參考表</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Metric</source>
        <translation>指標</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Baseline</source>
        <translation>基準</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>These are the published study&apos;s figures and the tables BridgeBench measured, not yours. Start here: choose settings on the Run tab and press Run (F5), or import your own logs with File &gt; Import.</source>
        <translation>這些是已發表研究的數據與 BridgeBench 實測的參考表，並非您的結果。從這裡開始：在「執行」分頁選擇設定並按「執行」(F5)，或以「檔案 &gt; 匯入」匯入您自己的記錄。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Go to the Run tab</source>
        <translation>前往「執行」分頁</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>The steps could not be read: %1</source>
        <translation>無法讀取步驟：%1</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>This run&apos;s workload is not known in full (unknown: %1): compared in samples/s.</source>
        <translation>此執行的工作負載未完全得知（未知：%1）：以 samples/s 比較。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>These runs&apos; workload is not known in full (unknown: %1): compared in samples/s.</source>
        <translation>這些執行的工作負載未完全得知（未知：%1）：以 samples/s 比較。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This run has the study&apos;s workload: compared in samples/s.</source>
        <translation>此執行與研究的工作負載相同：以 samples/s 比較。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>These runs have the study&apos;s workload: compared in samples/s.</source>
        <translation>這些執行與研究的工作負載相同：以 samples/s 比較。</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>The runs BridgeBench measured differ from the study&apos;s in device count (%1), so runs are compared in samples/s per device.</source>
        <translation>BridgeBench 實測的執行與研究的裝置數不同（%1），因此以每裝置 samples/s 比較。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The runs BridgeBench measured differ from the study&apos;s workload (%1), so runs are compared in achieved TFLOP/s per device; MFU is beside it.</source>
        <translation>BridgeBench 實測的執行與研究的工作負載不同（%1），因此以每裝置實際 TFLOP/s 比較；旁列 MFU。</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>No baseline</source>
        <translation>無基準</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Device: %1</source>
        <translation>裝置：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run: %1</source>
        <translation>執行：%1</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+98"/>
        <location line="+2"/>
        <source>samples/s per step</source>
        <translation>每步 samples/s</translation>
    </message>
    <message>
        <location line="-99"/>
        <source>step</source>
        <translation>步驟</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>samples/s</source>
        <translation>samples/s</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+19"/>
        <source>No steps yet</source>
        <translation>尚無步驟</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Reading the steps…</source>
        <translation>正在讀取步驟…</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>† samples/s per step of other work per sample: not like for like</source>
        <translation>† 每樣本工作量不同的每步 samples/s：條件不對等</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>samples/s per step †</source>
        <translation>每步 samples/s †</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>samples/s per step, coloured as the bars</source>
        <translation>每步 samples/s，顏色與長條圖相同</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Each line has the colour of its run&apos;s bar above</source>
        <translation>每條線的顏色與上方該次執行的長條相同</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>† These runs differ in model, image size or caption length: a sample is not the same work, so their samples/s are not like for like.</source>
        <translation>† 這些執行的模型、影像尺寸或說明文字長度不同：每個樣本的工作量不同，因此其 samples/s 條件不對等。</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>no speedup (workload unknown)</source>
        <translation>無加速比（工作負載未知）</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>published study</source>
        <translation>已發表的研究</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>measured with %1</source>
        <translation>以 %1 量測</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>measured by BridgeBench</source>
        <translation>BridgeBench 實測</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>your run</source>
        <translation>你的執行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>MFU %</source>
        <translation>MFU %</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <location line="-297"/>
        <source>This run&apos;s workload differs from the study&apos;s (%1), so runs are compared in achieved TFLOP/s per device, which holds model, batch, text length and device count out; MFU is beside it.</source>
        <translation>此執行的工作負載與研究不同（%1），因此以每裝置實際達成 TFLOP/s 比較，排除模型、批次、文字長度與裝置數量的影響；MFU 列在一旁。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>These runs&apos; workload differs from the study&apos;s (%1), so runs are compared in achieved TFLOP/s per device, which holds model, batch, text length and device count out; MFU is beside it.</source>
        <translation>這些執行的工作負載與研究不同（%1），因此以每裝置實際達成 TFLOP/s 比較，排除模型、批次、文字長度與裝置數量的影響；MFU 列在一旁。</translation>
    </message>
    <message>
        <location line="+293"/>
        <source>Configuration</source>
        <translation>組態</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Workload</source>
        <translation>工作負載</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>TFLOP/s per device</source>
        <translation>每裝置 TFLOP/s</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Source</source>
        <translation>來源</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+10"/>
        <location line="+8"/>
        <location line="+3"/>
        <source>n/a</source>
        <translation>不適用</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>no speedup †</source>
        <translation>無加速比 †</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>‡ %1: its figures may not repeat</source>
        <translation>‡ %1：其數據可能無法重現</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(held out: %1)</source>
        <translation>（指標已排除：%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(unknown: %1)</source>
        <translation>（不明：%1）</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>same</source>
        <translation>相同</translation>
    </message>
</context>
<context>
    <name>bb::ui::Comparison</name>
    <message>
        <location filename="../ui/models/comparison.cpp" line="+32"/>
        <source>model %1 vs %2</source>
        <translation>模型 %1 vs %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>batch %1 vs %2</source>
        <translation>batch %1 vs %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>image size %1 vs %2</source>
        <translation>影像尺寸 %1 vs %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>text length %1 vs %2</source>
        <translation>文字長度 %1 vs %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>precision %1 vs %2</source>
        <translation>精度 %1 vs %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>devices %1 vs %2</source>
        <translation>裝置 %1 vs %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>image size</source>
        <translation>影像尺寸</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>text length</source>
        <translation>文字長度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>device count</source>
        <translation>裝置數量</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>published</source>
        <translation>已發表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>measured reference</source>
        <translation>實測參考</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>workers %1</source>
        <translation>workers %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>workers unknown</source>
        <translation>workers 不明</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>device-side loading</source>
        <translation>裝置端載入</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>samples/s</source>
        <translation>samples/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>samples/s per device</source>
        <translation>每裝置 samples/s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TFLOP/s</source>
        <translation>TFLOP/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TFLOP/s per device</source>
        <translation>每裝置 TFLOP/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU %</source>
        <translation>MFU %</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>† different workload than the baseline</source>
        <translation>† 工作負載與基準不同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>† different workload than most of the runs</source>
        <translation>† 工作負載與多數執行不同</translation>
    </message>
    <message>
        <location line="+47"/>
        <location line="+2"/>
        <source>%1 has no value in this metric</source>
        <translation>%1 在此指標沒有數值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 has no run with %2 to compare against</source>
        <translation>%1 沒有 %2 的執行可供比較</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not like for like (%1): %2 does not hold that out, so no speedup is shown; achieved TFLOP/s per device does</source>
        <translation>條件不對等（%1）：%2 未排除此差異，故不顯示加速比；每裝置實際 TFLOP/s 則已排除</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not shown to be like for like (%1 unknown): %2 of two runs compare only for the same work per sample, so no speedup is shown</source>
        <translation>無法證明條件相同（%1 未知）：兩次執行的 %2 僅在每個樣本的工作量相同時可比較，因此不顯示加速比</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1 (BridgeBench)</source>
        <translation>%1（BridgeBench）</translation>
    </message>
</context>
<context>
    <name>bb::ui::ConfigForm</name>
    <message>
        <location filename="../ui/widgets/config_form.cpp" line="+42"/>
        <source>model&apos;s own</source>
        <translation>採用模型預設</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>choose</source>
        <translation>自動選擇</translation>
    </message>
</context>
<context>
    <name>bb::ui::ConfigKeys</name>
    <message>
        <location filename="../ui/models/config_key_text.cpp" line="+19"/>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weights</source>
        <translation>權重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dataset</source>
        <translation>資料集</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps</source>
        <translation>步數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Batch size</source>
        <translation>Batch 大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Caption tokens</source>
        <translation>圖說詞元數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loader workers</source>
        <translation>載入器工作執行緒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefetch factor</source>
        <translation>預取倍數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device-side transforms</source>
        <translation>裝置端轉換</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interpolation</source>
        <translation>內插</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Augmentation</source>
        <translation>資料擴增</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Threads</source>
        <translation>執行緒數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed</source>
        <translation>隨機種子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warm-up steps</source>
        <translation>暖身步數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Learning rate</source>
        <translation>學習率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight decay</source>
        <translation>權重衰減</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LR warm-up ratio</source>
        <translation>學習率暖身比例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gradient clipping</source>
        <translation>梯度裁剪</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AdamW kernel</source>
        <translation>AdamW 核心</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Probe after the run</source>
        <translation>執行後探測</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Devices</source>
        <translation>裝置數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data-parallel backend</source>
        <translation>資料平行後端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All-reduce bucket (MB)</source>
        <translation>All-reduce 分桶 (MB)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rank timeout (s)</source>
        <translation>Rank 逾時 (秒)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timeline</source>
        <translation>時間軸</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profiled steps</source>
        <translation>剖析步驟數</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Run name shown in tables; generated when empty.</source>
        <translation>表格中顯示的執行名稱；留空時自動產生。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model preset or a Hugging Face config.json to train.</source>
        <translation>要訓練的模型：內建模型預設集或 Hugging Face config.json。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optional safetensors checkpoint to start from.</source>
        <translation>作為起點的 safetensors 檢查點（選填）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;synthetic&apos; (generated JPEGs), &apos;synthetic-tensors&apos; (no loading: compute alone), or a JSONL/CSV manifest or COCO captions file to train on.</source>
        <translation>要訓練的資料：&apos;synthetic&apos;（產生的 JPEG）、&apos;synthetic-tensors&apos;（不載入資料：僅計算），或 JSONL/CSV 清單檔、COCO captions 檔案。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Training steps to run.</source>
        <translation>要執行的訓練步數。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Samples per step on this device.</source>
        <translation>此裝置上每步的樣本數。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens per caption, padded or cut to it; 0 takes the model&apos;s own (40 for BridgeTower, 16 for mini-clip). The study&apos;s script padded captions to 128.</source>
        <translation>每則圖說的詞元數，不足補齊、過長截斷；0 表示採用模型自己的長度（BridgeTower 為 40，mini-clip 為 16）。研究的腳本將圖說補齊至 128。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>fp32, bf16 autocast, or fp16 autocast (CUDA only).</source>
        <translation>fp32、bf16 autocast 或 fp16 autocast（僅限 CUDA）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loader threads preparing batches ahead; 0 loads in the training thread. Each holds prefetch_factor batches in memory.</source>
        <translation>預先準備 batch 的載入器執行緒數；0 表示在訓練執行緒中載入。每個執行緒會在記憶體中保留 prefetch_factor 個 batch。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Batches each worker may hold ready.</source>
        <translation>每個工作執行緒可預先備妥的 batch 數。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resize, crop and normalise on the training device instead of in the loader.</source>
        <translation>在訓練裝置上（而非在載入器中）進行縮放、裁切與正規化。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Resize filter: bicubic (as BridgeTower&apos;s image processor) or bilinear (cheaper).</source>
        <translation>縮放濾波器：bicubic（與 BridgeTower 的影像處理器相同）或 bilinear（成本較低）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Random resized crop and horizontal flip instead of resize and centre crop.</source>
        <translation>使用隨機縮放裁切與水平翻轉，取代縮放後置中裁切。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cpu, or cuda:N when this build has CUDA.</source>
        <translation>cpu；若此建置支援 CUDA，也可使用 cuda:N。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Intra-op threads for LibTorch and BLAS; 0 chooses from the free cores.</source>
        <translation>LibTorch 與 BLAS 的 intra-op 執行緒數；0 表示依閒置核心數自動選擇。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Seed for weights, data order and augmentation.</source>
        <translation>用於權重、資料順序與資料擴增的隨機種子。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leading steps left out of throughput figures.</source>
        <translation>開頭不計入輸送量數據的步數。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AdamW peak learning rate.</source>
        <translation>AdamW 峰值學習率。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AdamW decoupled weight decay.</source>
        <translation>AdamW 解耦權重衰減。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share of steps spent warming the learning rate up linearly.</source>
        <translation>用於線性提升學習率（暖身）的步數比例。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Maximum global gradient norm; 0 disables clipping.</source>
        <translation>全域梯度範數上限；0 表示停用裁剪。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>AdamW&apos;s arithmetic: fused (one pass over each parameter; on cuda LibTorch&apos;s fused kernel), foreach (PyTorch&apos;s multi-tensor ops, its default on cuda) or auto (fused where the device has it).</source>
        <translation>AdamW 的運算方式：fused（每個參數只走訪一次；在 cuda 上使用 LibTorch 的融合核心）、foreach（PyTorch 的多張量運算，即其在 cuda 上的預設）或 auto（裝置有融合核心時使用 fused）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After the last step, time compute at other thread counts and one batch&apos;s transforms, so that the diagnosis predicts other settings from measurements.</source>
        <translation>最後一步之後，量測其他執行緒數下的運算時間與一個批次的轉換時間，讓診斷依實測預測其他設定。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Data-parallel processes to start on this machine, one per device (CPU: each gets its share of the cores). Under torchrun or Slurm their environment decides instead.</source>
        <translation>在本機啟動的資料平行行程數，每個裝置一個（CPU：各分得一份核心）。在 torchrun 或 Slurm 下由其環境變數決定。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Data-parallel backend: auto (nccl on cuda where this build has NCCL, gloo otherwise), gloo or nccl.</source>
        <translation>資料平行後端：auto（在 cuda 上且此版本含 NCCL 時用 nccl，否則用 gloo）、gloo 或 nccl。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Megabytes of gradients per all-reduce bucket; buckets start as backward fills them.</source>
        <translation>每個 all-reduce 分桶的梯度大小（MB）；反向傳播填滿分桶時即開始傳送。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Seconds a rank waits for the others (rendezvous, all-reduce) before the run fails.</source>
        <translation>一個 rank 等待其他 rank（會合、all-reduce）的秒數，逾時則執行失敗。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Which steps record a timeline of where their time went (training thread, loader workers, all-reduce buckets, every rank): off, sampled (every step of the first 50 after warm-up, then one in 50) or all.</source>
        <translation>哪些步驟記錄時間去向的時間軸（訓練執行緒、載入器 worker、all-reduce 分桶、每個 rank）：off、sampled（暖身後前 50 步每步記錄，之後每 50 步記錄一步）或 all。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Steps to run after the counted ones under LibTorch&apos;s profiler, keeping each op (and on cuda each kernel) for show, the trace export and the window&apos;s Timeline; 0 to 20. Their time is in no figure of the run.</source>
        <translation>在計入的步驟之後，於 LibTorch 的 profiler 下再執行的步驟數，保留每個運算（在 cuda 上還有每個 kernel）供 show、trace 匯出與視窗的「時間軸」頁使用；0 至 20。這些步驟的時間不計入執行的任何數據。</translation>
    </message>
    <message>
        <location line="-79"/>
        <source>TF32 on CUDA</source>
        <translation>CUDA 上的 TF32</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvJPEG library</source>
        <translation>nvJPEG 函式庫</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>On cuda, let fp32 matmuls and convolutions use TF32 tensor cores; no effect on cpu.</source>
        <translation>在 cuda 上讓 fp32 矩陣乘法與卷積使用 TF32 張量核心；在 cpu 上沒有作用。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>nvJPEG library (path or soname) for decoding on a cuda device with device_transforms; empty searches the usual names. A named library that does not load is an error; none found decodes on the CPU.</source>
        <translation>在 cuda 裝置上搭配 device_transforms 解碼所用的 nvJPEG 函式庫（路徑或 soname）；留空則搜尋常見名稱。指定的函式庫無法載入即為錯誤；找不到任何一個則在 CPU 上解碼。</translation>
    </message>
</context>
<context>
    <name>bb::ui::DiagnosisPanel</name>
    <message>
        <location filename="../ui/widgets/diagnosis_panel.cpp" line="+35"/>
        <source>on</source>
        <translation>開</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>off</source>
        <translation>關</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>communication-bound</source>
        <translation>受通訊限制</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Reading the steps of %1…</source>
        <translation>正在讀取 %1 的步驟…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Workers</source>
        <translation>載入器工作執行緒</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Device transforms</source>
        <translation>裝置端轉換</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+2"/>
        <source>Predicted samples/s</source>
        <translation>預測樣本/秒</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Compute threads</source>
        <translation>運算執行緒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step ms</source>
        <translation>每步毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ranks</source>
        <translation>Rank 數</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All-reduce wait ms</source>
        <translation>All-reduce 等待（毫秒）</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+35"/>
        <source>Select one run to see why it runs at its speed.</source>
        <translation>選取一個執行，查看它為何是這個速度。</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>Diagnosis</source>
        <translation>診斷</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The steps could not be read: %1</source>
        <translation>無法讀取步驟：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 has no step-time breakdown (wall-clock times only), so it cannot be diagnosed.</source>
        <translation>%1 沒有每步時間細分（只有牆鐘時間），因此無法診斷。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A batch takes %1 ms to load and %2 ms to compute; steps wait %3% of their time for data. Recommended: workers %4, compute threads %5, device transforms %6 (predicted %7 samples/s).</source>
        <translation>一個批次載入需 %1 毫秒、運算需 %2 毫秒；每步有 %3% 的時間在等待資料。建議：載入器工作執行緒 %4、運算執行緒 %5，裝置端轉換 %6（預測 %7 樣本/秒）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A batch takes %1 ms to load and %2 ms to compute; steps wait %3% of their time for data. Recommended: workers %4, device transforms %5 (predicted %6 samples/s).</source>
        <translation>一個批次載入需 %1 毫秒、運算需 %2 毫秒；每步有 %3% 的時間在等待資料。建議：載入器工作執行緒 %4，裝置端轉換 %5（預測 %6 樣本/秒）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: %2 (predictions are upper bounds)</source>
        <translation>%1：%2（預測值為上限）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This run&apos;s setting measured %1 samples/s and is predicted at %2: the predictions are upper bounds, each part at the cost the probe timed alone after the run (warm, nothing beside it), which the steps did not get. They rank the settings; a setting may not reach its figure.</source>
        <translation>本次執行的設定實測 %1 samples/s，預測為 %2：預測值為上限，各部分以執行後探測單獨計時的成本計算（已預熱、無其他負載），而實際步驟並未得到這些條件。預測可用來排序設定；某個設定未必能達到其預測值。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>(rank %1 is a straggler)</source>
        <translation>（rank %1 是落後者）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>this run&apos;s setting</source>
        <translation>此執行的設定</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Timeline: %1</source>
        <translation>時間軸：%1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>this run (measured %1)</source>
        <translation>本次執行（實測 %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this run</source>
        <translation>本次執行</translation>
    </message>
    <message>
        <location line="-198"/>
        <source>input-bound</source>
        <translation>受輸入限制</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>compute-bound</source>
        <translation>受運算限制</translation>
    </message>
    <message>
        <location line="+135"/>
        <source>Data parallel over %1 ranks: steps wait %2% of their time (%3 ms) for the gradient all-reduce that backward did not hide.</source>
        <translation>資料平行，共 %1 個 rank：每步有 %2% 的時間（%3 毫秒）在等待反向傳播未能掩蓋的梯度 all-reduce。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>One all-reduce of the whole gradient took %1 ms after the run.</source>
        <translation>執行結束後，整個梯度做一次 all-reduce 花了 %1 毫秒。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>this run&apos;s setting (measured %1)</source>
        <translation>此執行的設定（實測 %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recommended</source>
        <translation>建議</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Assumes: %1</source>
        <translation>假設：%1</translation>
    </message>
</context>
<context>
    <name>bb::ui::ExportController</name>
    <message>
        <location filename="../ui/widgets/export_controller.cpp" line="+51"/>
        <location line="+20"/>
        <source>This view has no chart to export</source>
        <translation>此檢視沒有可匯出的圖表</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Unknown chart format &quot;%1&quot; (use .png, .svg or .pdf)</source>
        <translation>未知的圖表格式「%1」（請使用 .png、.svg 或 .pdf）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This view has no table to export</source>
        <translation>此檢視沒有可匯出的表格</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Unknown table format &quot;%1&quot; (use .csv or .md)</source>
        <translation>未知的表格格式「%1」（請使用 .csv 或 .md）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Export chart</source>
        <translation>匯出圖表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 影像 (*.png);;SVG 向量圖 (*.svg);;PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+8"/>
        <source>Exported %1</source>
        <translation>已匯出 %1</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Export table</source>
        <translation>匯出表格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV (*.csv);;Markdown (*.md)</source>
        <translation>CSV (*.csv);;Markdown (*.md)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Chart copied to the clipboard: %1</source>
        <translation>圖表已複製到剪貼簿：%1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Table copied to the clipboard</source>
        <translation>已將表格複製到剪貼簿</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The selected row copied to the clipboard</source>
        <translation>已將所選的列複製到剪貼簿</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 selected rows copied to the clipboard</source>
        <translation>已將所選的 %1 列複製到剪貼簿</translation>
    </message>
</context>
<context>
    <name>bb::ui::ExportImageDialog</name>
    <message>
        <location filename="../ui/dialogs/export_image_dialog.cpp" line="+15"/>
        <source>Export chart</source>
        <translation>匯出圖表</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+1"/>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Text and lines scale with DPI / 96, in PNG, SVG and PDF alike</source>
        <translation>文字與線條依 DPI / 96 縮放，PNG、SVG 與 PDF 皆同</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Of a tab&apos;s two charts, the one clicked last</source>
        <translation>分頁中兩個圖表裡最後點選的那一個</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chart</source>
        <translation>圖表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Width</source>
        <translation>寬度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DPI</source>
        <translation>DPI</translation>
    </message>
</context>
<context>
    <name>bb::ui::ImportDialog</name>
    <message>
        <location filename="../ui/dialogs/import_dialog.cpp" line="+23"/>
        <location line="+6"/>
        <source>as the files say</source>
        <translation>依檔案內容</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Import runs</source>
        <translation>匯入執行紀錄</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hugging Face Trainer output folder</source>
        <translation>Hugging Face Trainer 輸出資料夾</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TensorBoard event files</source>
        <translation>TensorBoard 事件檔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV table</source>
        <translation>CSV 表格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BridgeBench database</source>
        <translation>BridgeBench 資料庫</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>e.g. H100, Gaudi2, A100 80GB</source>
        <translation>例如 H100、Gaudi2、A100 80GB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a preset, a Hugging Face id or a config.json</source>
        <translation>內建預設集、Hugging Face 模型 ID 或 config.json</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the folder&apos;s or file&apos;s name</source>
        <translation>資料夾或檔案的名稱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>瀏覽…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Read</source>
        <translation>讀取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From</source>
        <translation>來源</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device kind</source>
        <translation>裝置類型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device name</source>
        <translation>裝置名稱</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+41"/>
        <source>Devices</source>
        <translation>裝置數</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+41"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+41"/>
        <source>Batch size per device</source>
        <translation>每個裝置的 Batch 大小</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+41"/>
        <source>Loader workers</source>
        <translation>載入器工作執行緒</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+41"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>“%1” in the import dialog</source>
        <translation>匯入對話框中的「%1」</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>“Device kind” and “Device name” in the import dialog</source>
        <translation>匯入對話框中的「裝置類型」與「裝置名稱」</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Databases (*.db *.sqlite)</source>
        <translation>資料庫 (*.db *.sqlite)</translation>
    </message>
</context>
<context>
    <name>bb::ui::LiveDashboard</name>
    <message>
        <location filename="../ui/widgets/live_dashboard.cpp" line="+22"/>
        <source>Throughput</source>
        <translation>輸送量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>per step</source>
        <translation>每步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>smoothed</source>
        <translation>平滑化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>samples/s</source>
        <translation>samples/s</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+13"/>
        <location line="+11"/>
        <location line="+10"/>
        <source>step</source>
        <translation>步驟</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>per step: samples/s of each step
smoothed: its exponential moving average (the Smoothing slider)</source>
        <translation>每步：每一步的 samples/s
平滑化：其指數移動平均（平滑化滑桿）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Step time breakdown</source>
        <translation>每步時間分解</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>copy</source>
        <translation>複製</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>transform</source>
        <translation>轉換</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>forward</source>
        <translation>前向傳遞</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>backward</source>
        <translation>反向傳遞</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>optimizer</source>
        <translation>最佳化器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wait: data wait, the step blocked on the loader
copy: host→device copy of the batch
transform: image transforms on the device (device_transforms)
forward, backward, optimizer: the model&apos;s compute
comm: waiting for the gradient all-reduce that backward did not hide (data parallel)</source>
        <translation>等待：等待資料，該步被載入器阻塞
複製：批次的主機→裝置複製
轉換：裝置端的影像轉換（device_transforms）
前向、反向、最佳化器：模型的運算
通訊：等待反向傳播未能隱藏的梯度 all-reduce（資料平行）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Loss</source>
        <translation>損失</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>loss</source>
        <translation>損失</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CPU and memory</source>
        <translation>CPU 與記憶體</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+10"/>
        <source>CPU %</source>
        <translation>CPU %</translation>
    </message>
    <message>
        <location line="-9"/>
        <location line="+9"/>
        <source>RSS MiB</source>
        <translation>RSS MiB</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>CPU % (100 = one core)</source>
        <translation>CPU %（100 = 一個核心）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>resident memory, MiB</source>
        <translation>常駐記憶體，MiB</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Smoothing of the samples/s line: an exponential moving average, as in TensorBoard</source>
        <translation>samples/s 曲線的平滑程度：採用指數移動平均，與 TensorBoard 相同</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Wheel: zoom · drag: pan · +/-, arrows, Home · hover a span for its step and duration</source>
        <translation>滾輪：縮放 · 拖曳：平移 · +/-、方向鍵、Home · 游標停在區段上可看步驟與時長</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Go to step</source>
        <translation>跳至步驟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show all</source>
        <translation>顯示全部</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Charts</source>
        <translation>圖表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timeline</source>
        <translation>時間軸</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The step the view is on; enter one to go to it (or the nearest one recorded)</source>
        <translation>檢視目前所在的步驟；輸入步驟編號即跳至該步驟（或最近一個有記錄的步驟）</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>No steps yet</source>
        <translation>尚無步驟</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+67"/>
        <source>%v / %m steps</source>
        <translation>%v / %m 步</translation>
    </message>
    <message>
        <location line="+38"/>
        <source> · %1 samples/s</source>
        <translation> · %1 samples/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · data wait %1%</source>
        <translation> · 資料等待 %1%</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Samples/s and data wait over the time of all %1 steps</source>
        <translation>samples/s 與資料等待以全部 %1 步的時間計算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Samples/s and data wait over the time of steps %1 to %2; the %1 warm-up steps before them are not counted</source>
        <translation>samples/s 與資料等待以第 %1 到 %2 步的時間計算；之前的 %1 個暖身步不計入</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Samples/s and data wait over the time of all %1 steps: the run ended before its warm-up steps could be left out</source>
        <translation>samples/s 與資料等待以全部 %1 步的時間計算：執行在暖身步可排除之前就結束了</translation>
    </message>
    <message>
        <location line="-250"/>
        <source>Smoothing</source>
        <translation>平滑化</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>others&apos; CPU %</source>
        <translation>其他行程 CPU %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU %: CPU time of the process per wall time (100 = one core)
RSS MiB: resident memory
others&apos; CPU %: CPU time other processes took on the cores this run may use, over the latest quarter second; where it rises, the run&apos;s threads wait for cores</source>
        <translation>CPU %：行程的 CPU 時間除以實際時間（100 = 一個核心）
RSS MiB：常駐記憶體
其他行程 CPU %：其他行程在本次執行可用的核心上所佔的 CPU 時間（最近四分之一秒）；它升高時，執行的執行緒須等待核心</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>No run yet: choose settings and press Run.</source>
        <translation>尚無執行：請選擇設定後按下「執行」。</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Generating the synthetic dataset</source>
        <translation>正在產生合成資料集</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Run %1 &quot;%2&quot;</source>
        <translation>執行 %1「%2」</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Run %1 %2</source>
        <translation>執行 %1 狀態：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Finished after %1 steps</source>
        <translation>已完成，共 %1 步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stopped after %1 of %2 steps</source>
        <translation>在 %2 步中的第 %1 步停止</translation>
    </message>
    <message>
        <location line="+18"/>
        <source> · others took %1 cores ‡</source>
        <translation> · 其他行程佔用 %1 個核心 ‡</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>‡ %1: its figures may not repeat</source>
        <translation>‡ %1：其數據可能無法重現</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Step-time breakdown not recorded for this run</source>
        <translation>此執行未記錄步驟時間分解</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loss not recorded for this run</source>
        <translation>此執行未記錄 loss</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU and memory not recorded for this run</source>
        <translation>此執行未記錄 CPU 與記憶體</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Stored run &quot;%1&quot;</source>
        <translation>已儲存的執行「%1」</translation>
    </message>
    <message>
        <location line="-342"/>
        <source>comm</source>
        <translation>通訊</translation>
    </message>
    <message>
        <location line="+253"/>
        <source>CPU %1%</source>
        <translation>CPU %1%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (others %1%)</source>
        <translation>（其他行程 %1%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETA %1 · %2 samples/s · %3 · RSS %4 MiB</source>
        <translation>預計剩餘 %1 · %2 samples/s · %3 · RSS %4 MiB</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+25"/>
        <source> · all-reduce wait %1%</source>
        <translation> · all-reduce 等待 %1%</translation>
    </message>
</context>
<context>
    <name>bb::ui::MainWindow</name>
    <message>
        <location filename="../ui/widgets/main_window.cpp" line="+69"/>
        <source>BridgeBench</source>
        <translation>BridgeBench</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Runs</source>
        <translation>執行紀錄</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <location line="+148"/>
        <source>Finish or cancel the run before switching databases</source>
        <translation>切換資料庫前，請先完成或取消執行</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>BridgeBench — %1</source>
        <translation>BridgeBench — %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Database: %1</source>
        <translation>資料庫：%1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>New database</source>
        <translation>新增資料庫</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BridgeBench databases (*.db)</source>
        <translation>BridgeBench 資料庫 (*.db)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open database</source>
        <translation>開啟資料庫</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BridgeBench databases (*.db);;All files (*)</source>
        <translation>BridgeBench 資料庫 (*.db);;所有檔案 (*)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New database…</source>
        <translation>新增資料庫(&amp;N)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open database…</source>
        <translation>開啟資料庫(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;recent</source>
        <translation>最近開啟(&amp;R)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export &amp;chart…</source>
        <translation>匯出圖表(&amp;C)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export &amp;report…</source>
        <translation>匯出報告(&amp;R)…</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Export &amp;table…</source>
        <translation>匯出表格(&amp;T)…</translation>
    </message>
    <message>
        <location line="-65"/>
        <source>BridgeBench — %1 (read-only)</source>
        <translation>BridgeBench — %1（唯讀）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Database: %1, opened read-only: %2</source>
        <translation>資料庫：%1，以唯讀方式開啟：%2</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>&amp;Import runs…</source>
        <translation>匯入執行紀錄(&amp;I)…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Edit</source>
        <translation>編輯(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo delete</source>
        <translation>復原刪除(&amp;U)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Copy chart</source>
        <translation>複製圖表(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy t&amp;able</source>
        <translation>複製表格(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Delete runs</source>
        <translation>刪除執行紀錄(&amp;D)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Find runs</source>
        <translation>尋找執行紀錄(&amp;F)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Run</source>
        <translation>執行(&amp;R)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Load config…</source>
        <translation>載入設定檔(&amp;L)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Save config…</source>
        <translation>儲存設定檔(&amp;S)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Run and live dashboard</source>
        <translation>執行與即時儀表板(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>R&amp;uns</source>
        <translation>執行紀錄(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Compare</source>
        <translation>比較(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Published &amp;study</source>
        <translation>已發表的研究(&amp;S)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Language</source>
        <translation>語言(&amp;L)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The language changes when BridgeBench starts again.</source>
        <translation>語言將在下次啟動 BridgeBench 時變更。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>System language</source>
        <translation>系統語言</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;User Guide</source>
        <translation>使用指南(&amp;U)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The user guide is not installed</source>
        <translation>未安裝使用指南</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No application opens %1</source>
        <translation>沒有可開啟 %1 的應用程式</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;About BridgeBench</source>
        <translation>關於 BridgeBench(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About &amp;Qt</source>
        <translation>關於 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>A run is going</source>
        <translation>執行進行中</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel the running run and quit?</source>
        <translation>要取消進行中的執行並結束嗎？</translation>
    </message>
</context>
<context>
    <name>bb::ui::Notes</name>
    <message>
        <location filename="../ui/models/note_text.cpp" line="+71"/>
        <source>other processes held %1 of the %2 cores at the start; its %3 compute threads need %4, so steps can run many times slower: set threads=%5 or free the cores</source>
        <translation>其他行程在開始時佔用了 %2 個核心中的 %1 個；其 %3 個運算執行緒需要 %4 個核心，步驟可能因此慢上許多倍：請設定 threads=%5 或釋出核心</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>other processes held %1 of the %2 cores at the start; its %3 compute threads and %4 loader workers need %5, so steps can run many times slower: set threads=%6 or free the cores</source>
        <translation>其他行程在開始時佔用了 %2 個核心中的 %1 個；其 %3 個運算執行緒與 %4 個載入器工作執行緒需要 %5 個核心，步驟可能因此慢上許多倍：請設定 threads=%6 或釋出核心</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>other processes held %1 of the %2 cores at the start, so the run computes on 1 thread instead of %3 (threads waiting for busy cores can make steps many times slower); set threads=%3 to measure with %3</source>
        <translation>其他行程在開始時佔用了 %2 個核心中的 %1 個，因此本次執行以 1 個執行緒運算，而非 %3 個（執行緒等待忙碌的核心可能使步驟慢上許多倍）；若要以 %3 個執行緒量測，請設定 threads=%3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>other processes held %1 of the %2 cores at the start, so the run computes on %3 threads instead of %4 (threads waiting for busy cores can make steps many times slower); set threads=%4 to measure with %4</source>
        <translation>其他行程在開始時佔用了 %2 個核心中的 %1 個，因此本次執行以 %3 個執行緒運算，而非 %4 個（執行緒等待忙碌的核心可能使步驟慢上許多倍）；若要以 %4 個執行緒量測，請設定 threads=%4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the compute threads waited for each other: forward + backward took %1 ms on %2 threads and %3 ms on %4 in the probe after the run; with threads=%4 this run&apos;s setting is predicted at %5 samples/s</source>
        <translation>運算執行緒彼此等待：執行後的探測中，前向 + 反向在 %2 個執行緒上花了 %1 毫秒，在 %4 個上花了 %3 毫秒；以 threads=%4 時，本次執行的設定預測為 %5 samples/s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the compute threads waited for each other: forward + backward took %1 ms on %2 threads and %3 ms on %4 in the probe after the run, with other processes holding %6 of the %7 cores; with threads=%4 this run&apos;s setting is predicted at %5 samples/s</source>
        <translation>運算執行緒彼此等待：執行後的探測中，前向 + 反向在 %2 個執行緒上花了 %1 毫秒，在 %4 個上花了 %3 毫秒，當時其他行程佔用了 %7 個核心中的 %6 個；以 threads=%4 時，本次執行的設定預測為 %5 samples/s</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>other processes held %1 of the %2 cores right after this run; the predictions assume they keep that share</source>
        <translation>本次執行剛結束時，其他行程佔用了 %2 個核心中的 %1 個；預測假設它們維持這個佔比</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the engine chose 1 compute thread instead of %1 (threads=0) because other processes held %2 of the %3 cores when the run started; the predictions keep that choice</source>
        <translation>引擎選擇了 1 個運算執行緒而非 %1 個（threads=0），因為執行開始時其他行程佔用了 %3 個核心中的 %2 個；預測沿用此選擇</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the engine chose %1 compute threads instead of %2 (threads=0) because other processes held %3 of the %4 cores when the run started; the predictions keep that choice</source>
        <translation>引擎選擇了 %1 個運算執行緒而非 %2 個（threads=0），因為執行開始時其他行程佔用了 %4 個核心中的 %3 個；預測沿用此選擇</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>other processes took %1 of the %2 cores on average while this run ran (%3 in its busiest twentieth of steps)</source>
        <translation>本次執行期間，其他行程平均佔用了 %2 個核心中的 %1 個（在最忙碌的二十分之一步驟中為 %3 個）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>other processes took %1 cores on average while this run ran (%2 in its busiest twentieth of steps)</source>
        <translation>本次執行期間，其他行程平均佔用了 %1 個核心（在最忙碌的二十分之一步驟中為 %2 個）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: these figures and predictions may not repeat</source>
        <translation>%1：這些數據與預測可能無法重現</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the machine was busy when this run started (other processes held %1 of the %2 cores): these figures and predictions may not repeat</source>
        <translation>本次執行開始時機器忙碌（其他行程佔用了 %2 個核心中的 %1 個）：這些數據與預測可能無法重現</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the machine was busy when this run started (load average %1 on %2 cores): other processes competed for the cores, so these figures and predictions may not repeat</source>
        <translation>本次執行開始時機器忙碌（%2 個核心的負載平均為 %1）：其他行程爭用核心，因此這些數據與預測可能無法重現</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>more ranks keep each rank&apos;s compute and loading, and the all-reduce wait grows as a ring&apos;s traffic per rank, 2(n-1)/n of the gradient, on the same links</source>
        <translation>rank 增加時，每個 rank 的運算與載入不變，而 all-reduce 等待依環狀（ring）演算法每個 rank 的傳輸量增長，即梯度的 2(n-1)/n，且使用相同的連結</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the run does not record its machine&apos;s cores: the predictions take the %1 its compute threads and workers used</source>
        <translation>此執行未記錄其機器的核心數：預測採用其運算執行緒與載入器 worker 所用的 %1 個核心</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>all threads share the cores</source>
        <translation>所有執行緒共用核心</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>compute scales perfectly with its threads (the run took no probe: set probe=true to measure it)</source>
        <translation>運算隨執行緒數完美擴展（本次執行未做探測：設定 probe=true 即可量測）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>device transforms cost what the host transform they replace costs</source>
        <translation>裝置端轉換的成本等同於它所取代的主機端轉換</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the host transform costs what the loader&apos;s collate of raw images costs</source>
        <translation>主機端轉換的成本等同於載入器整理（collate）原始影像的成本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>with device transforms nvJPEG decodes on the GPU: its decode, and the transforms unless the probe timed them, are taken as free beside the step (this run did not measure them)</source>
        <translation>開啟裝置端轉換時 nvJPEG 在 GPU 上解碼：其解碼，以及探測未計時的轉換，皆視為不佔步驟時間（本次執行未量測）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>settings without device transforms are not predicted: this run decoded on the GPU, so the CPU&apos;s decode is unmeasured (probe=true measures it)</source>
        <translation>不預測未開啟裝置端轉換的設定：本次執行在 GPU 上解碼，CPU 的解碼未量測（probe=true 可量測）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>worker %1</source>
        <translation>worker %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its own loading (workers 0)</source>
        <translation>它自己的載入（workers 0）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the all-reduce</source>
        <translation>all-reduce</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>in %1 of %2 recorded steps the training thread waited longest for %3 (median %4 ms)</source>
        <translation>在 %2 個已記錄步驟中的 %1 個，訓練執行緒等待最久的是 %3（中位數 %4 毫秒）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>worker %1 was busy %2% of the recorded time: the loader could not get ahead of the training thread</source>
        <translation>worker %1 在已記錄時間中有 %2% 處於忙碌：載入器無法領先訓練執行緒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the busiest loader worker, worker %1, was busy %2% of the recorded time: the workers kept ahead of the training thread</source>
        <translation>最忙的載入器 worker（worker %1）在已記錄時間中有 %2% 處於忙碌：各 worker 保持領先訓練執行緒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>rank %1 is a straggler: its median step up to the all-reduce took %2% longer than the other ranks&apos;, and every all-reduce waits for the last rank</source>
        <translation>rank %1 是落後者：它到 all-reduce 為止的步驟中位數比其他 rank 長 %2%，而每次 all-reduce 都要等最後一個 rank</translation>
    </message>
</context>
<context>
    <name>bb::ui::ReportExport</name>
    <message>
        <location filename="../ui/widgets/report_export.cpp" line="+20"/>
        <source>Wrote %1</source>
        <translation>已寫入 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Report not written: %1</source>
        <translation>未寫入報告：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A report is still being written</source>
        <translation>仍在寫入另一份報告</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Nothing to report: the Compare tab shows no runs</source>
        <translation>沒有可報告的內容：比較分頁未顯示任何執行紀錄</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Writing %1…</source>
        <translation>正在寫入 %1…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Export report</source>
        <translation>匯出報告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HTML report (*.html);;PDF report (*.pdf)</source>
        <translation>HTML 報告 (*.html);;PDF 報告 (*.pdf)</translation>
    </message>
</context>
<context>
    <name>bb::ui::RunImporter</name>
    <message>
        <location filename="../ui/widgets/run_importer.cpp" line="+14"/>
        <source>Nothing was imported: %1</source>
        <translation>未匯入任何內容：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Imported 1 run</source>
        <translation>已匯入 1 筆執行紀錄</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Imported %1 runs</source>
        <translation>已匯入 %1 筆執行紀錄</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>skipped %1 already in the database</source>
        <translation>略過 %1 筆資料庫中已有的紀錄</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>An import is still running</source>
        <translation>仍有匯入正在進行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose the files to import</source>
        <translation>請選擇要匯入的檔案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No database is open</source>
        <translation>尚未開啟資料庫</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Importing %1…</source>
        <translation>正在匯入 %1…</translation>
    </message>
</context>
<context>
    <name>bb::ui::RunPanel</name>
    <message>
        <location filename="../ui/widgets/run_panel.cpp" line="+35"/>
        <source>&amp;Run</source>
        <translation>執行(&amp;R)</translation>
    </message>
    <message>
        <location line="-5"/>
        <location line="+6"/>
        <source>Run as s&amp;weep</source>
        <translation>以掃描方式執行(&amp;W)</translation>
    </message>
    <message>
        <location line="-5"/>
        <location line="+6"/>
        <location line="+267"/>
        <source>&amp;Pause</source>
        <translation>暫停(&amp;P)</translation>
    </message>
    <message>
        <location line="-272"/>
        <location line="+6"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Run these settings once per loader setting of the published study: workers 0, 1, 2, each with device-side transforms off and on</source>
        <translation>以已發表研究的每種載入器設定各執行一次這些設定：工作執行緒 0、1、2，各搭配裝置端轉換關閉與開啟</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose a preset…</source>
        <translation>選擇預設集…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Load…</source>
        <translation>載入…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save…</source>
        <translation>儲存…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load settings from a JSON config file</source>
        <translation>從 JSON 設定檔載入設定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save these settings as a JSON config file (the CLI reads it with --config)</source>
        <translation>將這些設定儲存為 JSON 設定檔（CLI 可透過 --config 讀取）</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Sweep point %1 of %2: %3</source>
        <translation>掃描第 %1 點，共 %2 點：%3</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Sweep cancelled.</source>
        <translation>掃描已取消。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sweep finished: %1 runs.</source>
        <translation>掃描完成：%1 筆執行紀錄。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The run %1: %2</source>
        <translation>執行狀態：%1（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The run %1.</source>
        <translation>執行狀態：%1。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Defaults</source>
        <translation>預設值</translation>
    </message>
    <message>
        <location line="-119"/>
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Start a run with these settings (%1)</source>
        <translation>以這些設定開始執行（%1）</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Sweep: run %1 of %2</source>
        <translation>掃描：第 %1 / %2 次執行</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Quick demo</source>
        <translation>快速示範</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Published study workload</source>
        <translation>已發表研究的工作負載</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Quickest smoke test (mini-clip)</source>
        <translation>最快速的冒煙測試（mini-clip）</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Preset &quot;%1&quot; applied.</source>
        <translation>已套用預設集「%1」。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Loaded %1</source>
        <translation>已載入 %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Fix the settings before saving: %1</source>
        <translation>請先修正設定再儲存：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved %1</source>
        <translation>已儲存 %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Load run config</source>
        <translation>載入執行設定檔</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+6"/>
        <source>Run configs (*.json)</source>
        <translation>執行設定檔 (*.json)</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Save run config</source>
        <translation>儲存執行設定檔</translation>
    </message>
    <message>
        <location line="-89"/>
        <location line="+106"/>
        <source>Cannot start the run: %1</source>
        <translation>無法開始執行：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+36"/>
        <source>Running…</source>
        <translation>執行中…</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>Cannot start the sweep: %1</source>
        <translation>無法開始掃描：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sweeping…</source>
        <translation>掃描中…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sweep: starting</source>
        <translation>掃描：開始中</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Paused.</source>
        <translation>已暫停。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Data-parallel runs do not pause: the other ranks would time out waiting for this one.</source>
        <translation>資料平行執行無法暫停：其他 rank 會因等待這個 rank 而逾時。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Res&amp;ume</source>
        <translation>繼續(&amp;U)</translation>
    </message>
</context>
<context>
    <name>bb::ui::RunStatusText</name>
    <message>
        <location filename="../ui/models/run_status_text.cpp" line="+17"/>
        <source>running</source>
        <translation>執行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>interrupted</source>
        <translation>已中斷</translation>
    </message>
</context>
<context>
    <name>bb::ui::RunStore</name>
    <message>
        <location filename="../ui/adapters/run_store.cpp" line="+184"/>
        <source>Undo delete of &quot;%1&quot;</source>
        <translation>復原刪除「%1」</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Undo delete of %n run(s)</source>
        <translation>
            <numerusform>復原刪除 %n 筆執行紀錄</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bb::ui::RunTableModel</name>
    <message>
        <location filename="../ui/models/run_table_model.cpp" line="+18"/>
        <source>unknown device</source>
        <translation>未知裝置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (count unknown)</source>
        <translation>%1（數量不明）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1× %2 (count inferred)</source>
        <translation>%1× %2（數量為推算）</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>local</source>
        <translation>本機</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>imported</source>
        <translation>已匯入</translation>
    </message>
    <message>
        <location filename="../ui/models/overlay_names.cpp" line="+29"/>
        <source>reference</source>
        <translation>參考</translation>
    </message>
    <message>
        <location filename="../ui/models/run_table_model.cpp" line="+1"/>
        <source>published</source>
        <translation>已發表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>measured reference</source>
        <translation>實測參考</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 (inferred)</source>
        <translation>%1（推算）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Left out, as this build cannot read them from the database:
%1</source>
        <translation>此版本無法從資料庫讀取以下數值，已略過：
%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>‡ %1: its figures may not repeat</source>
        <translation>‡ %1：其數據可能無法重現</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reference table BridgeBench measured (read-only): %1; %2</source>
        <translation>BridgeBench 實測的參考表（唯讀）：%1；%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Published figure (read-only): %1; %2</source>
        <translation>已發表的數據（唯讀）：%1；%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source</source>
        <translation>來源</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Devices</source>
        <translation>裝置數</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Workers</source>
        <translation>工作執行緒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device transforms</source>
        <translation>裝置端轉換</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Samples/s</source>
        <translation>samples/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tags</source>
        <translation>標籤</translation>
    </message>
</context>
<context>
    <name>bb::ui::RunsBrowser</name>
    <message>
        <location filename="../ui/widgets/runs_browser.cpp" line="+30"/>
        <location line="+85"/>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <location line="-84"/>
        <location line="+86"/>
        <source>Compare with the published study</source>
        <translation>與已發表的研究比較</translation>
    </message>
    <message>
        <location line="-85"/>
        <location line="+86"/>
        <source>Show steps</source>
        <translation>顯示步驟</translation>
    </message>
    <message>
        <location line="-85"/>
        <location line="+87"/>
        <source>Rename</source>
        <translation>重新命名</translation>
    </message>
    <message>
        <location line="-86"/>
        <location line="+87"/>
        <source>Tags…</source>
        <translation>標籤…</translation>
    </message>
    <message>
        <location line="-86"/>
        <location line="+87"/>
        <source>Delete</source>
        <translation>刪除</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>Undo delete</source>
        <translation>復原刪除</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Search runs (name, device, model, tags…)</source>
        <translation>搜尋執行紀錄（名稱、裝置、模型、標籤…）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All sources</source>
        <translation>所有來源</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local</source>
        <translation>本機</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Imported</source>
        <translation>已匯入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Published study</source>
        <translation>已發表的研究</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measured by BridgeBench</source>
        <translation>BridgeBench 實測</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Compare the selected runs side by side</source>
        <translation>並排比較所選的執行紀錄</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put the selected run beside the BridgeTower study&apos;s figures (Hugging Face, August 2023), in achieved TFLOP/s per device and MFU when the workloads differ</source>
        <translation>將所選執行與 BridgeTower 研究的數據（Hugging Face，2023 年 8 月）並列；工作負載不同時以每裝置實際達成 TFLOP/s 與 MFU 比較</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the selected runs (published reference runs cannot be deleted)</source>
        <translation>刪除所選的執行紀錄（已發表的參考執行紀錄無法刪除）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Delete runs</source>
        <translation>刪除執行紀錄</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Tags</source>
        <translation>標籤</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tags, separated by commas:</source>
        <translation>標籤（以半形逗號 , 分隔）：</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>Published reference runs cannot be deleted.</source>
        <translation>已發表的參考執行紀錄無法刪除。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete the run &quot;%1&quot; and its steps?</source>
        <translation>要刪除執行紀錄「%1」及其步驟嗎？</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Delete %n runs and their steps?</source>
        <translation>
            <numerusform>要刪除 %n 筆執行紀錄及其步驟嗎？</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Published reference runs in the selection are kept.</source>
        <translation>所選項目中已發表的參考執行紀錄會保留。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>You can undo this.</source>
        <translation>此操作可以復原。</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>%1 of %2 runs</source>
        <translation>%1 / %2 筆執行紀錄</translation>
    </message>
</context>
<context>
    <name>bb::ui::TableExport</name>
    <message>
        <location filename="../ui/models/table_export.cpp" line="+71"/>
        <source>Marks</source>
        <translation>標記</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Cannot write %1: %2</source>
        <translation>無法寫入 %1：%2</translation>
    </message>
</context>
<context>
    <name>bb::ui::TellApart</name>
    <message>
        <location filename="../ui/models/tell_apart.cpp" line="+47"/>
        <source>run %1</source>
        <translation>執行 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, run %2</source>
        <translation>%1，執行 %2</translation>
    </message>
</context>
<context>
    <name>bb::ui::TimeSeriesChart</name>
    <message>
        <location filename="../ui/charts/time_series_chart.cpp" line="+45"/>
        <source>No steps yet</source>
        <translation>尚無步驟</translation>
    </message>
</context>
<context>
    <name>bb::ui::TimelineView</name>
    <message>
        <location filename="../ui/widgets/timeline_view.cpp" line="+7"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+17"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Where each recorded step&apos;s time went. Wheel: zoom; drag: pan; Home: everything</source>
        <translation>每個已記錄步驟的時間去向。滾輪：縮放；拖曳：平移；Home：全部</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+34"/>
        <location line="+120"/>
        <source>main thread</source>
        <translation>主執行緒</translation>
    </message>
    <message>
        <location line="-124"/>
        <source>ops: cuda stream %1</source>
        <translation>運算：cuda 串流 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ops: cpu thread %1</source>
        <translation>運算：cpu 執行緒 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>worker %1</source>
        <translation>worker %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>all-reduce</source>
        <translation>all-reduce</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>all-reduce %1</source>
        <translation>all-reduce %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>copy</source>
        <translation>複製</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nvJPEG</source>
        <translation>nvJPEG</translation>
    </message>
    <message>
        <location line="-9"/>
        <location line="+11"/>
        <source>rank %1 · %2</source>
        <translation>rank %1 · %2</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>profiled step</source>
        <translation>剖析步驟</translation>
    </message>
    <message>
        <location line="+293"/>
        <source>%1, step %2: %3
%4</source>
        <translation>%1，步驟 %2：%3
%4</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>No timeline to show.
Runs record one unless timeline=off; imported runs and runs stored before timelines have none.</source>
        <translation>沒有可顯示的時間軸。
除非設定 timeline=off，執行都會記錄；匯入的執行與時間軸功能推出前儲存的執行沒有時間軸。</translation>
    </message>
</context>
</TS>
