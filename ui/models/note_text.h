// A core Note (bridgebench/note.h) in the window's language: core words its sentences in
// English for the CLI and reports, and gives each with its kind and figures so that the window
// can say it through its translations.
#pragma once

#include <QString>

#include "bridgebench/note.h"
#include "bridgebench/run_record.h"

namespace bb::ui {

// In English the same words as note.text; core's English where a note's figures do not fit its
// kind (a newer core), so that nothing is ever left unsaid.
QString noteText(const Note& note);

// What other processes took while a stored run ran (bridgebench/other_processes.h); empty where
// they took too little to mention or it was not measured.
QString otherProcessesText(const RunRecord& run);

// The translation context, for tests that check the translation file.
inline constexpr const char* kNoteContext = "bb::ui::Notes";

}  // namespace bb::ui
