// App's saved settings: the layout, theme, text size, presenter and lesson layout, the data
// view's mode and the selected table, read at start-up and written when they change.
#include <algorithm>

#include "app/app.h"

namespace playground {

void App::ApplySettings(const nlohmann::json& s) {
  if (auto it = s.find("layout"); it != s.end()) dock_.FromJson(*it);
  if (auto it = s.find("theme"); it != s.end() && it->is_string()) {
    style_.theme = it->get<std::string>() == "light" ? Theme::kLight : Theme::kDark;
  }
  if (auto it = s.find("fontScale"); it != s.end() && it->is_number()) {
    style_.font_scale = std::clamp(it->get<float>(), kMinFontScale, kMaxFontScale);
  }
  if (auto it = s.find("largeTargets"); it != s.end() && it->is_boolean()) style_.large_targets = it->get<bool>();
  if (auto it = s.find("presenter"); it != s.end() && it->is_boolean()) presenter_ = it->get<bool>();
  if (auto it = s.find("lessonLayout"); it != s.end() && it->is_boolean()) lesson_layout_ = it->get<bool>();
  if (auto it = s.find("dataMode"); it != s.end() && it->is_string()) {
    const std::string mode = it->get<std::string>();
    data_view_panel_.set_mode(mode == "items"      ? DataViewPanel::Mode::kItems
                              : mode == "capacity" ? DataViewPanel::Mode::kCapacity
                                                   : DataViewPanel::Mode::kPartitions);
  }
  if (auto it = s.find("table"); it != s.end() && it->is_string()) saved_table_ = it->get<std::string>();
}

App::SettingsState App::CurrentSettings() const {
  return {dock_.sizes(), style_, presenter_, lesson_layout_, data_view_panel_.mode(), selection_.table};
}

void App::SaveChangedSettings() {
  if (SettingsState now = CurrentSettings(); now != saved_settings_) {
    saved_.SaveUi(Settings());
    saved_settings_ = std::move(now);
  }
  if (lessons_.progress() != saved_progress_) {
    saved_.SaveProgress(lessons_.progress().ToJson());
    saved_progress_ = lessons_.progress();
  }
  if (studio_.session().revision() != saved_studio_revision_) {
    saved_.SaveStudio(studio_.session().SavedJson());
    saved_studio_revision_ = studio_.session().revision();
  }
}

nlohmann::json App::Settings() const {
  return {{"version", kUiStoreVersion},
          {"layout", dock_.ToJson()},
          {"theme", style_.theme == Theme::kLight ? "light" : "dark"},
          {"fontScale", style_.font_scale},
          {"largeTargets", style_.large_targets},
          {"presenter", presenter_},
          {"lessonLayout", lesson_layout_},
          {"dataMode", data_view_panel_.mode() == DataViewPanel::Mode::kItems      ? "items"
                       : data_view_panel_.mode() == DataViewPanel::Mode::kCapacity ? "capacity"
                                                                                   : "partitions"},
          {"table", selection_.table}};
}

}  // namespace playground
