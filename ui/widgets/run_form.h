// The run settings a user edits before Start. Holds no state of its own beyond the widgets.
#pragma once

#include <QWidget>

#include "bridgebench/run_config.h"

QT_BEGIN_NAMESPACE
class QSpinBox;
QT_END_NAMESPACE

namespace bb::ui {

class RunForm final : public QWidget {
    Q_OBJECT
public:
    explicit RunForm(QWidget* parent = nullptr);

    RunConfig config() const;
    void setConfig(const RunConfig& config);

    QSpinBox* stepsBox() const { return m_steps; }
    QSpinBox* batchSizeBox() const { return m_batchSize; }

private:
    RunConfig m_base;  // keys the form does not show yet keep their values
    QSpinBox* m_steps;
    QSpinBox* m_batchSize;
};

}  // namespace bb::ui
