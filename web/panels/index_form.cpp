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
  if (index.global) {
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - type_width - gap);
    changed |= ctx.probe.Item(probe_prefix + ".partition_key", ImGui::InputText("##pk", &index.partition_key));
    ImGui::SameLine();
    changed |= Choice("##pk_type", index.partition_type, kTypeNames, 3, type_width);
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
    changed |= Choice("##sk_type", index.sort_type, kTypeNames, 3, type_width);
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
