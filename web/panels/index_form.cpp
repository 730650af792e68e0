#include "panels/index_form.h"

#include "imgui_stdlib.h"

#include "widgets/imgui_scoped.h"

namespace playground {
namespace {

constexpr const char* kTypeNames[] = {"String (S)", "Number (N)", "Binary (B)"};
constexpr const char* kProjectionNames[] = {"ALL attributes", "KEYS_ONLY", "INCLUDE some"};

bool Choice(const char* id, int& value, const char* const* names, int count, float width) {
  bool changed = false;
  ImGui::SetNextItemWidth(width);
  if (ui::Combo combo(id, names[value]); combo) {
    for (int i = 0; i < count; ++i) {
      if (ImGui::Selectable(names[i], i == value)) {
        value = i;
        changed = true;
      }
    }
  }
  return changed;
}

}  // namespace

bool AttributeTypeCombo(const char* id, int& type, float width) { return Choice(id, type, kTypeNames, 3, width); }

bool DrawIndexForm(IndexDraft& index, bool allow_lsi, bool provisioned, const std::string& table_partition_key,
                   const std::string& probe_prefix, PanelContext& ctx) {
  ui::Id id(probe_prefix.c_str());
  const float s = ctx.scale;
  const float label = 150 * s;
  const float type_width = 140 * s;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  bool changed = false;

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(allow_lsi ? "Index" : "Index name");
  ImGui::SameLine(label);
  if (allow_lsi) {
    int kind = index.global ? 0 : 1;
    static constexpr const char* kKinds[] = {"Global (GSI)", "Local (LSI)"};
    changed |= Choice("##kind", kind, kKinds, 2, type_width);
    ctx.probe.RecordLastItem(probe_prefix + ".kind");
    index.global = kind == 0;
    ImGui::SameLine();
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
  changed |= ctx.probe.Item(probe_prefix + ".name", ImGui::InputText("##name", &index.name));

  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(ctx.colors.partition_key, "Partition key");
  ImGui::SameLine(label);
  // Extra attributes of a multi-attribute GSI key, each with its type and a remove button.
  const auto more_rows = [&](std::vector<std::pair<std::string, int>>& rows, const char* id, const std::string& probe) {
    for (std::size_t i = 0; i < rows.size(); ++i) {
      ui::Id row(static_cast<int>(i));
      ImGui::SetCursorPosX(label);
      ImGui::AlignTextToFramePadding();
      ImGui::TextColored(ctx.colors.dim, "+");
      ImGui::SameLine();
      ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - type_width - ImGui::GetFrameHeight() - gap * 2);
      changed |= ctx.probe.Item(probe + std::to_string(i + 2), ImGui::InputText(id, &rows[i].first));
      ImGui::SameLine();
      changed |= AttributeTypeCombo("##type", rows[i].second, type_width);
      ImGui::SameLine();
      if (ImGui::Button("x", {ImGui::GetFrameHeight(), 0})) {
        rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(i));
        changed = true;
        break;
      }
    }
  };
  if (index.global) {
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - type_width - gap);
    changed |= ctx.probe.Item(probe_prefix + ".partition_key", ImGui::InputText("##pk", &index.partition_key));
    ImGui::SameLine();
    changed |= AttributeTypeCombo("##pk_type", index.partition_type, type_width);
    {
      ui::Id more("more_pk");
      more_rows(index.more_partition_keys, "##more_pk", probe_prefix + ".partition_key");
    }
    if (index.more_partition_keys.size() < 3) {
      ImGui::SetCursorPosX(label);
      if (ctx.probe.Item(probe_prefix + ".add_partition_key",
                         ImGui::SmallButton("+ partition-key attribute (multi-attribute key)"))) {
        index.more_partition_keys.emplace_back("attribute" + std::to_string(index.more_partition_keys.size() + 2), 0);
        changed = true;
      }
    }
  } else {
    // An LSI shares its table's partitions, so its partition key is the table's.
    ImGui::TextColored(ctx.colors.dim, "%s (the table's: an LSI shares its partitions)", table_partition_key.c_str());
  }

  if (index.global) {
    changed |= ctx.probe.Item(probe_prefix + ".has_sort_key", ImGui::Checkbox("Sort key", &index.has_sort_key));
  } else {
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ctx.colors.sort_key, "Sort key");
  }
  if (index.has_sort_key || !index.global) {
    ImGui::SameLine(label);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - type_width - gap);
    changed |= ctx.probe.Item(probe_prefix + ".sort_key", ImGui::InputText("##sk", &index.sort_key));
    ImGui::SameLine();
    changed |= AttributeTypeCombo("##sk_type", index.sort_type, type_width);
    if (index.global) {
      {
        ui::Id more("more_sk");
        more_rows(index.more_sort_keys, "##more_sk", probe_prefix + ".sort_key");
      }
      if (index.more_sort_keys.size() < 3) {
        ImGui::SetCursorPosX(label);
        if (ctx.probe.Item(probe_prefix + ".add_sort_key", ImGui::SmallButton("+ sort-key attribute"))) {
          index.more_sort_keys.emplace_back("attribute" + std::to_string(index.more_sort_keys.size() + 2), 0);
          changed = true;
        }
      }
    }
  }

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Projection");
  ImGui::SameLine(label);
  changed |= Choice("##projection", index.projection, kProjectionNames, 3, type_width);
  ctx.probe.RecordLastItem(probe_prefix + ".projection");
  if (index.projection == 2) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN);
    changed |= ctx.probe.Item(probe_prefix + ".non_key_attributes",
                              ImGui::InputTextWithHint("##include", "title, total", &index.non_key_attributes));
  }
  if (index.global && provisioned) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ctx.colors.dim, "Read / write units");
    ImGui::SameLine(label);
    ImGui::SetNextItemWidth(110 * s);
    changed |= ImGui::InputInt("##rcu", &index.read_units);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(110 * s);
    changed |= ImGui::InputInt("##wcu", &index.write_units);
  }
  return changed;
}

}  // namespace playground
