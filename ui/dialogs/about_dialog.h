// Help > About: what BridgeBench is and the versions it was built with.
#pragma once

#include <QDialog>

namespace bb::ui {

class AboutDialog final : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget* parent = nullptr);
    // The versions as shown (tests check them).
    static QString versionText();
};

}  // namespace bb::ui
