// Equality, key ordering and size accounting of attribute values.
#include "ddb/value.h"

#include <algorithm>

namespace ddb {
namespace {

template <class T>
bool SameSet(const std::vector<T>& a, const std::vector<T>& b) {
  if (a.size() != b.size()) return false;
  // Sets hold no duplicates, so equal sizes plus inclusion means equality.
  return std::all_of(a.begin(), a.end(), [&](const T& x) { return std::find(b.begin(), b.end(), x) != b.end(); });
}

std::strong_ordering ToOrdering(int c) {
  return c < 0 ? std::strong_ordering::less : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
}

}  // namespace

bool AttributeValue::operator==(const AttributeValue& other) const {
  if (type() != other.type()) return false;
  switch (type()) {
    case ValueType::kSS: return SameSet(std::get<StringSet>(v_), std::get<StringSet>(other.v_));
    case ValueType::kNS: return SameSet(std::get<NumberSet>(v_), std::get<NumberSet>(other.v_));
    case ValueType::kBS: return SameSet(std::get<BinarySet>(v_), std::get<BinarySet>(other.v_));
    default: return v_ == other.v_;
  }
}

std::strong_ordering CompareKeyValues(const AttributeValue& a, const AttributeValue& b) {
  switch (a.type()) {
    // std::string::compare orders by unsigned bytes (char_traits<char>::compare is memcmp-like),
    // which is DynamoDB's order for UTF-8 strings and binaries alike.
    case ValueType::kS: return ToOrdering(a.as_s().compare(b.as_s()));
    case ValueType::kB: return ToOrdering(a.as_b().data.compare(b.as_b().data));
    case ValueType::kN: return a.as_n() <=> b.as_n();
    // A multi-attribute index key, as a list of its attributes' values: in order, attribute by
    // attribute.
    case ValueType::kL: {
      const List &x = a.as_l(), &y = b.as_l();
      for (std::size_t i = 0; i < x.size() && i < y.size(); ++i)
        if (auto c = CompareKeyValues(x[i], y[i]); c != 0) return c;
      return x.size() <=> y.size();
    }
    default: return std::strong_ordering::equal;
  }
}

std::size_t AttributeValueSize(const AttributeValue& v) {
  switch (v.type()) {
    case ValueType::kS: return v.as_s().size();
    case ValueType::kN: return v.as_n().StorageSize();
    case ValueType::kB: return v.as_b().data.size();
    case ValueType::kBool:
    case ValueType::kNull: return 1;
    case ValueType::kL: {
      std::size_t size = 3;
      for (const auto& e : v.as_l()) size += 1 + AttributeValueSize(e);
      return size;
    }
    case ValueType::kM: {
      std::size_t size = 3;
      for (const auto& [name, e] : v.as_m()) size += 1 + name.size() + AttributeValueSize(e);
      return size;
    }
    case ValueType::kSS: {
      std::size_t size = 0;
      for (const auto& s : std::get<StringSet>(v.variant())) size += s.size();
      return size;
    }
    case ValueType::kNS: {
      std::size_t size = 0;
      for (const auto& n : std::get<NumberSet>(v.variant())) size += n.StorageSize();
      return size;
    }
    case ValueType::kBS: {
      std::size_t size = 0;
      for (const auto& b : std::get<BinarySet>(v.variant())) size += b.data.size();
      return size;
    }
  }
  return 0;
}

std::size_t ItemSize(const Item& item) {
  std::size_t size = 0;
  for (const auto& [name, v] : item) size += name.size() + AttributeValueSize(v);
  return size;
}

std::size_t KeyValueSize(const AttributeValue& v) {
  switch (v.type()) {
    case ValueType::kS: return v.as_s().size();
    case ValueType::kB: return v.as_b().data.size();
    default: return 0;  // numbers never exceed the key-size limits
  }
}

std::string KeyValueBytes(const AttributeValue& v) {
  switch (v.type()) {
    case ValueType::kS: return v.as_s();
    case ValueType::kB: return v.as_b().data;
    case ValueType::kN: return v.as_n().ToString();
    default: return {};
  }
}

std::string PrimaryKeyIdentity(const AttributeValue& partition_key, const AttributeValue* sort_key) {
  std::string out;
  for (const AttributeValue* v : {&partition_key, sort_key}) {
    if (!v) continue;
    const std::string bytes = KeyValueBytes(*v);
    out += static_cast<char>('A' + static_cast<int>(v->type()));
    out += std::to_string(bytes.size());
    out += ':';
    out += bytes;
  }
  return out;
}

}  // namespace ddb
