#include "charts/compare_chart.h"

#include <QBarCategoryAxis>
#include <QTextDocumentFragment>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QValueAxis>

#include <cmath>
#include <vector>

#include "bridgebench/speedup_figure.h"
#include "charts/nice_axis.h"

namespace bb::ui {

namespace {
// Qt Charts' default share of a category's width taken by its bars.
constexpr double kBarWidth = 0.8;
constexpr int kValueTicks = 5;

QString valueText(double value) {
    if (value >= 100) return QString::number(value, 'f', 1);
    if (value >= 1) return QString::number(value, 'f', 2);
    return QString::number(value, 'g', 3);
}
}  // namespace

CompareChart::CompareChart(QWidget* parent) : ChartWidget(parent) {
    // Configurations named after their runs ("workers 0 (tiny b8 w0 2026-12-03 09:19:34)") were
    // cut to "workers 0 (tiny b8 w0 2026-12-03 09:19:..." in Qt's one row.
    wrapLegendInRows();
}

void CompareChart::setComparison(const Comparison& comparison) {
    m_comparison = comparison;
    for (const auto& label : m_labels) delete label.item;
    m_labels.clear();
    chart()->removeAllSeries();
    for (auto* axis : chart()->axes()) {
        chart()->removeAxis(axis);
        delete axis;
    }

    auto* series = new QBarSeries;
    series->setBarWidth(kBarWidth);
    double maxValue = 0;
    for (int set = 0; set < comparison.configurations.size(); ++set) {
        auto* bars = new QBarSet(comparison.configurations[set]);
        for (int category = 0; category < comparison.categories.size(); ++category) {
            const auto* entry = comparison.find(comparison.categories[category], comparison.configurations[set]);
            const double value = entry && std::isfinite(entry->value) ? entry->value : 0.0;
            bars->append(value);
            maxValue = std::max(maxValue, value);
            if (!entry) continue;
            if (!std::isfinite(entry->value)) {
                // A run without this figure (TFLOP/s of an import whose work is unknown) stands
                // at its place saying so, rather than as a gap read as nothing measured.
                auto* item = new QGraphicsSimpleTextItem(tr("unknown"), chart());
                m_labels.append({item, set, category, 0.0});
                continue;
            }
            QString text = valueText(entry->value);
            if (std::isfinite(entry->speedup))
                text += QStringLiteral("\n×%1").arg(QString::fromStdString(speedupFigure(entry->speedup)));
            // A ratio of other work is refused, and the bar says so rather than standing bare
            // beside its neighbours' speedups.
            else if (speedupRefused(entry->noSpeedup))
                text += QStringLiteral("\n") + tr("no speedup");
            if (entry->workloadDiffers) text += QStringLiteral(" †");
            auto* item = new QGraphicsSimpleTextItem(text, chart());
            m_labels.append({item, set, category, value});
        }
        series->append(bars);
    }
    chart()->addSeries(series);
    auto* categories = new QBarCategoryAxis(chart());
    // What qualifies a device ("(count inferred)", "(BridgeBench, 4 Dec 2026)") goes on a line of its
    // own: on one line it was cut to "2× H100 (count infer…" beside six groups.
    QStringList labels =
        comparison.categoryLabels.size() == comparison.categories.size() ? comparison.categoryLabels : comparison.categories;
    for (auto& label : labels) {
        // Chinese writes its brackets full width and without a space before them.
        qsizetype open = label.indexOf(QStringLiteral(" ("));
        qsizetype skip = 1;
        if (open <= 0) {
            open = label.indexOf(QChar(0xFF08));
            skip = 0;
        }
        if (open > 0) label = label.left(open).toHtmlEscaped() + QStringLiteral("<br>") + label.mid(open + skip).toHtmlEscaped();
    }
    categories->append(labels);
    chart()->addAxis(categories, Qt::AlignBottom);
    series->attachAxis(categories);
    auto* values = new QValueAxis(chart());
    // Headroom for the two-line labels above the tallest bar.
    m_baseAxisTop = maxValue > 0 ? maxValue * 1.2 : 1.0;
    m_axisTop = m_baseAxisTop;
    applyNiceTicks(values, 0, m_axisTop, kValueTicks);
    values->setTitleText(comparison.unit);
    chart()->addAxis(values, Qt::AlignLeft);
    series->attachAxis(values);

    // Core words what the dagger is held against: with no baseline, it is not "the baseline".
    m_daggerNote = comparison.daggerNote;
    QStringList notes;
    if (!m_daggerNote.isEmpty()) notes << m_daggerNote;
    if (!m_daggerNote.isEmpty() && comparison.anySpeedupRefused) notes << tr("no speedup where a sample is other work");
    if (comparison.anyUnknownWork) notes << tr("no speedup where a workload is unknown");
    m_daggerNote = notes.join(QStringLiteral(", "));
    if (!m_daggerNote.isEmpty()) m_daggerNote += QStringLiteral(" ") + tr("(see the table)");
    fitTitle();
    applyPalette();
    // Bars of a different workload are drawn pale where the eye is, not only marked in a label.
    for (int set = 0; set < comparison.configurations.size(); ++set) {
        auto* bars = series->barSets().at(set);
        QColor pale = bars->color();
        pale.setAlphaF(0.35);
        bars->setSelectedColor(pale);
        for (int category = 0; category < comparison.categories.size(); ++category) {
            const auto* entry = comparison.find(comparison.categories[category], comparison.configurations[set]);
            if (entry && entry->workloadDiffers) bars->selectBar(category);
        }
    }
    const QColor text = palette().color(QPalette::Text);
    for (const auto& label : m_labels) label.item->setBrush(text);
    placeLabels();
}

QStringList CompareChart::categoryLabels() const {
    for (auto* axis : chart()->axes(Qt::Horizontal))
        if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis)) {
            QStringList read;
            for (const auto& label : categories->categories()) {
                QString text = QTextDocumentFragment::fromHtml(label).toPlainText();
                text.replace(QChar::LineSeparator, QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
                read << text;
            }
            return read;
        }
    return {};
}

QStringList CompareChart::barLabels() const {
    QStringList texts;
    for (const auto& label : m_labels) texts << label.item->text();
    return texts;
}

QList<QRectF> CompareChart::barLabelRects() const {
    QList<QRectF> rects;
    for (const auto& label : m_labels) rects << label.item->mapRectToScene(label.item->boundingRect());
    return rects;
}

QColor CompareChart::configurationColour(const QString& configuration) const {
    for (auto* series : chart()->series())
        if (const auto* bars = qobject_cast<const QBarSeries*>(series))
            for (auto* set : bars->barSets())
                if (set->label() == configuration) return set->color();
    return {};
}

ShownTicks CompareChart::valueTicks() const {
    for (auto* axis : chart()->axes(Qt::Vertical))
        if (const auto* values = qobject_cast<QValueAxis*>(axis)) return shownTicks(values);
    return {};
}

CompareChart::AxisTitle CompareChart::valueAxisTitle() const {
    for (auto* axis : chart()->axes(Qt::Vertical))
        if (const auto* values = qobject_cast<QValueAxis*>(axis))
            return {values->titleText(), values->titleFont(), chart()->plotArea().height()};
    return {};
}

void CompareChart::plotAreaChanged() {
    fitTitle();
    placeLabels();
}

QString CompareChart::composeTitle(bool withLead, const QString& baseline) const {
    QString title;
    if (baseline.isEmpty() || m_comparison.baselineLabel.isEmpty()) {
        title = tr("Throughput by device and configuration");
    } else if (withLead) {
        title = tr("Throughput by device and configuration") + QStringLiteral(" — ") + tr("speedup against %1").arg(baseline);
    } else {
        title = tr("Speedup against %1").arg(baseline);
    }
    if (!m_daggerNote.isEmpty()) title += QStringLiteral(" · ") + m_daggerNote;
    return title;
}

void CompareChart::fitTitle() {
    // One line: QChart draws a newline in its title as a space, and a rich-text <br> makes
    // QSvgGenerator write malformed SVG. Qt Charts cuts a title too wide at its end, which
    // loses what the daggers mean; this gives up the words the axes already say, then the middle
    // of the baseline's name, and the tooltip keeps the whole.
    const QString whole = composeTitle(true, m_comparison.baselineLabel);
    const QFontMetrics metrics(chart()->titleFont());
    const QMargins margins = chart()->margins();
    const int room = static_cast<int>(chart()->size().width()) - margins.left() - margins.right() -
                     3 * metrics.horizontalAdvance(QLatin1Char('M'));
    QString title = whole;
    if (room > 0 && metrics.horizontalAdvance(title) > room) {
        title = composeTitle(false, m_comparison.baselineLabel);
        if (metrics.horizontalAdvance(title) > room) {
            const int forName = room - metrics.horizontalAdvance(composeTitle(false, QStringLiteral(" ")));
            const int atLeast = metrics.horizontalAdvance(QStringLiteral("MMMMMM"));
            title = composeTitle(false, metrics.elidedText(m_comparison.baselineLabel, Qt::ElideMiddle,
                                                           std::max(forName, atLeast)));
        }
    }
    setToolTip(title == whole ? QString() : whole);
    if (title != this->title()) setTitle(title);
}

void CompareChart::placeLabels() {
    if (m_placing) return;  // the axis change below lays the chart out again
    m_placing = true;
    // Labels that stack above their neighbours can climb past the plot's top into the title:
    // the value axis then grows until the highest fits, a few passes at most (each can move
    // where labels meet). Each placement starts from the plain headroom, so a chart made wider
    // again gives it back.
    double top = m_baseAxisTop;
    for (int pass = 0; pass < 4; ++pass) {
        if (top != m_axisTop) {
            m_axisTop = top;
            for (auto* axis : chart()->axes(Qt::Vertical))
                if (auto* values = qobject_cast<QValueAxis*>(axis)) applyNiceTicks(values, 0, m_axisTop, kValueTicks);
            chart()->layout()->activate();
        }
        const double needed = placeLabelsOnce();
        if (needed <= top) break;
        top = needed;
    }
    m_placing = false;
}

double CompareChart::placeLabelsOnce() {
    const auto seriesList = chart()->series();
    if (seriesList.isEmpty() || m_comparison.configurations.isEmpty()) return 0;
    const int sets = static_cast<int>(m_comparison.configurations.size());
    QFont font = chart()->font();
    font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.8));
    // A label wider than its bar (a CPU run's "0.0207 ×0.000489 †" among seven configurations,
    // an H200's "175.3 ×4.15" among six) would run into its neighbour's label or be hidden
    // behind its neighbour's taller bar: such a label goes up above what it meets instead.
    const QRectF plot = chart()->plotArea();
    // Bars of a category share kBarWidth around its centre (category index on the axis).
    const auto barCentre = [&](const Label& label) {
        return label.category - kBarWidth / 2 + (label.set + 0.5) * kBarWidth / sets;
    };
    std::vector<QRectF> bars;
    for (const auto& label : m_labels) {
        const double x = barCentre(label);
        const QPointF left = chart()->mapToPosition(QPointF(x - kBarWidth / sets / 2, label.value), seriesList.front());
        const QPointF right = chart()->mapToPosition(QPointF(x + kBarWidth / sets / 2, 0), seriesList.front());
        bars.emplace_back(QRectF(left, right).normalized());
    }
    std::vector<QRectF> placed;
    double needed = 0;
    for (qsizetype index = 0; index < m_labels.size(); ++index) {
        const auto& label = m_labels[index];
        const QPointF top = chart()->mapToPosition(QPointF(barCentre(label), label.value), seriesList.front());
        label.item->setFont(font);
        const QRectF box = label.item->boundingRect();
        QRectF at(top.x() - box.width() / 2, top.y() - box.height() - 2, box.width(), box.height());
        const auto climbAbove = [&at](const QRectF& other) {
            if (!at.intersects(other)) return false;
            at.moveBottom(other.top() - 1);
            return true;
        };
        for (bool moved = true; moved;) {
            moved = false;
            for (const auto& other : placed) moved = climbAbove(other) || moved;
            for (std::size_t bar = 0; bar < bars.size(); ++bar)
                if (static_cast<qsizetype>(bar) != index) moved = climbAbove(bars[bar]) || moved;
        }
        label.item->setPos(at.topLeft());
        placed.push_back(at);
        // The axis top at which this label's stack, as high above its bar as now, would fit:
        // the bar stands at value / top of the plot's height.
        const double stack = top.y() - at.top();
        if (at.top() < plot.top() && stack < plot.height() && label.value > 0)
            needed = std::max(needed, label.value / (1 - stack / plot.height()));
    }
    return needed;
}

}  // namespace bb::ui
