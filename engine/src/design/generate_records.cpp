#include <algorithm>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <variant>

#include "ddb/clock.h"
#include "ddb/domain.h"

namespace ddb {
namespace {

// SplitMix64 (Steele, Lea and Flood): a small generator whose output is the same on every
// platform; doubles are built from its top 53 bits, which IEEE arithmetic gives exactly.
struct Stream {
  std::uint64_t state;
  std::uint64_t Next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double Unit() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }  // [0, 1)
  std::uint64_t Below(std::uint64_t n) {
    return std::min<std::uint64_t>(n - 1, static_cast<std::uint64_t>(Unit() * static_cast<double>(n)));
  }
};

// Each attribute's own stream: the domain's seed and the attribute's place by name.
Stream StreamOf(std::uint64_t seed, std::string_view entity, std::string_view attribute) {
  std::uint64_t hash = 0xCBF29CE484222325ull;  // FNV-1a, 64 bits
  const auto mix = [&hash](std::string_view text) {
    for (const char c : text) {
      hash ^= static_cast<unsigned char>(c);
      hash *= 0x100000001B3ull;
    }
    hash ^= 0xFF;  // a separator no name contains as a byte of UTF-8
    hash *= 0x100000001B3ull;
  };
  mix(entity);
  mix(attribute);
  return Stream{seed ^ hash};
}

std::string Where(const EntitySpec& entity, const AttributeSpec& attribute) {
  return "entity \"" + entity.name + "\", attribute \"" + attribute.name + "\": ";
}

const AttributeSpec* FindSpec(const EntitySpec& entity, std::string_view name) {
  for (const AttributeSpec& a : entity.attributes)
    if (a.name == name) return &a;
  return nullptr;
}

// Why `attribute` of `entity` cannot be generated (entities before it are `earlier`), or "".
std::string Problem(const EntitySpec& entity, const AttributeSpec& attribute, std::span<const EntitySpec> earlier) {
  if (!(attribute.present > 0 && attribute.present <= 1))
    return "its share of records (present) is more than 0 and at most 1";
  return std::visit(
      [&](const auto& g) -> std::string {
        using G = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<G, generate::Sequence>) {
          if (g.width < 0 || g.width > 38) return "a sequence's width is 0 to 38 digits";
          if (g.start < 0) return "a sequence starts at 0 or more";
          const std::string last = std::to_string(g.start + static_cast<std::int64_t>(entity.count));
          if (g.width > 0 && last.size() > static_cast<std::size_t>(g.width))
            return "a width of " + std::to_string(g.width) + " digits cannot number " + std::to_string(entity.count) +
                   " records from " + std::to_string(g.start);
          return "";
        } else if constexpr (std::is_same_v<G, generate::Choice>) {
          if (g.values.empty()) return "a choice needs at least one value";
          if (!g.weights.empty() && g.weights.size() != g.values.size())
            return "a choice has " + std::to_string(g.values.size()) + " values and " +
                   std::to_string(g.weights.size()) + " weights: give one weight per value, or none";
          for (double w : g.weights)
            if (!(w > 0)) return "a choice's weights are more than 0";
          return "";
        } else if constexpr (std::is_same_v<G, generate::Reference>) {
          const auto it =
              std::find_if(earlier.begin(), earlier.end(), [&g](const EntitySpec& e) { return e.name == g.entity; });
          if (it == earlier.end()) return "it refers to entity \"" + g.entity + "\", which is not listed before it";
          const AttributeSpec* target = FindSpec(*it, g.attribute);
          if (!target) return "entity \"" + g.entity + "\" has no attribute \"" + g.attribute + "\"";
          if (target->present < 1)
            return "it refers to \"" + g.attribute + "\", which only some " + g.entity + " records have";
          if (it->count == 0) return "entity \"" + g.entity + "\" has no records to refer to";
          if (!(g.big_share >= 0 && g.big_share <= 1)) return "the big tenant's share is 0 to 1";
          return "";
        } else if constexpr (std::is_same_v<G, generate::TimeRange>) {
          return g.to_millis < g.from_millis ? "a time range ends before it begins" : "";
        } else {
          return g.max < g.min ? "a range of numbers ends before it begins" : "";
        }
      },
      attribute.generator);
}

// The attribute's values for `count` records (nullopt: a record without it).
std::vector<std::optional<AttributeValue>> Column(const AttributeSpec& spec, std::size_t count, Stream stream,
                                                  const std::vector<EntityRecords>& generated,
                                                  std::span<const EntitySpec> earlier) {
  std::vector<std::optional<AttributeValue>> column(count);
  std::vector<std::int64_t> times;  // a TimeRange's, before they become text
  for (std::size_t i = 0; i < count; ++i) {
    // One draw decides presence, whatever the generator draws after it.
    const bool present = spec.present >= 1 || stream.Unit() < spec.present;
    std::visit(
        [&](const auto& g) {
          using G = std::decay_t<decltype(g)>;
          if constexpr (std::is_same_v<G, generate::Sequence>) {
            std::string n = std::to_string(g.start + static_cast<std::int64_t>(i));
            if (g.width > 0 && n.size() < static_cast<std::size_t>(g.width))
              n.insert(0, static_cast<std::size_t>(g.width) - n.size(), '0');
            if (present) column[i] = AttributeValue::S(g.prefix + n);
          } else if constexpr (std::is_same_v<G, generate::Choice>) {
            std::size_t pick = 0;
            if (g.weights.empty()) {
              pick = static_cast<std::size_t>(stream.Below(g.values.size()));
            } else {
              double total = 0;
              for (double w : g.weights) total += w;
              double at = stream.Unit() * total;
              while (pick + 1 < g.weights.size() && at >= g.weights[pick]) at -= g.weights[pick++];
            }
            if (present) column[i] = g.values[pick];
          } else if constexpr (std::is_same_v<G, generate::Reference>) {
            const std::size_t e = static_cast<std::size_t>(
                std::find_if(earlier.begin(), earlier.end(), [&g](const EntitySpec& s) { return s.name == g.entity; }) -
                earlier.begin());
            const std::vector<Item>& targets = generated[e].records;
            const bool big = stream.Unit() < g.big_share;
            const std::size_t k = big ? 0 : static_cast<std::size_t>(stream.Below(targets.size()));
            if (present) column[i] = targets[k].at(g.attribute);
          } else if constexpr (std::is_same_v<G, generate::TimeRange>) {
            const auto span = static_cast<std::uint64_t>(g.to_millis - g.from_millis) + 1;
            times.push_back(g.from_millis + static_cast<std::int64_t>(stream.Below(span)));
          } else {
            const auto span = static_cast<std::uint64_t>(g.max - g.min) + 1;
            const std::int64_t n = g.min + static_cast<std::int64_t>(stream.Below(span));
            if (present) column[i] = AttributeValue::N(Number::FromInt(n));
          }
        },
        spec.generator);
    if (!present && !times.empty() && std::holds_alternative<generate::TimeRange>(spec.generator))
      times.back() = -1;  // drawn (the stream stays in step), but this record has none
  }
  if (const auto* range = std::get_if<generate::TimeRange>(&spec.generator)) {
    if (range->ascending) {
      // In record order: the drawn times sorted, given out to the records that have one.
      std::vector<std::int64_t> sorted;
      for (std::int64_t t : times)
        if (t >= 0) sorted.push_back(t);
      std::sort(sorted.begin(), sorted.end());
      std::size_t next = 0;
      for (std::size_t i = 0; i < count; ++i)
        if (times[i] >= 0) times[i] = sorted[next++];
    }
    for (std::size_t i = 0; i < count; ++i)
      if (times[i] >= 0) column[i] = AttributeValue::S(UtcDateTimeText(times[i]));
  }
  return column;
}

}  // namespace

Status ValidateDomain(const Domain& domain) {
  const std::span<const EntitySpec> entities(domain.entities);
  for (std::size_t e = 0; e < entities.size(); ++e) {
    const EntitySpec& entity = entities[e];
    for (std::size_t a = 0; a < entity.attributes.size(); ++a) {
      const AttributeSpec& attribute = entity.attributes[a];
      if (FindSpec(entity, attribute.name) != &attribute)
        return Status::Validation(Where(entity, attribute) + "it is listed twice");
      if (std::string problem = Problem(entity, attribute, entities.first(e)); !problem.empty())
        return Status::Validation(Where(entity, attribute) + problem);
    }
    const AttributeSpec* id = FindSpec(entity, entity.id_attribute);
    if (!id || !std::holds_alternative<generate::Sequence>(id->generator) || id->present < 1)
      return Status::Validation("entity \"" + entity.name + "\": its id, \"" + entity.id_attribute +
                                "\", must be one of its attributes, a sequence every record has");
  }
  return Status::Ok();
}

Result<std::vector<EntityRecords>> GenerateRecords(const Domain& domain) {
  if (Status valid = ValidateDomain(domain); !valid.ok()) return valid;
  const std::span<const EntitySpec> entities(domain.entities);
  std::vector<EntityRecords> generated;
  for (std::size_t e = 0; e < entities.size(); ++e) {
    const EntitySpec& entity = entities[e];
    EntityRecords records{entity.name, entity.id_attribute, std::vector<Item>(entity.count)};
    for (const AttributeSpec& attribute : entity.attributes) {
      auto column = Column(attribute, entity.count, StreamOf(domain.seed, entity.name, attribute.name), generated,
                           entities.first(e));
      for (std::size_t i = 0; i < entity.count; ++i)
        if (column[i]) records.records[i].emplace(attribute.name, std::move(*column[i]));
    }
    generated.push_back(std::move(records));
  }
  return generated;
}

}  // namespace ddb
