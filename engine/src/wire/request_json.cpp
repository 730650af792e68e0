#include "wire/request_json.h"

#include <cmath>

#include "wire/value_json.h"

namespace ddb {
namespace {

constexpr const char* kModel = "com.amazonaws.dynamodb.v20120810.";

// Reads members of request objects, remembering the first JSON-type error. Members that are
// absent or null read as nullopt, as in DynamoDB's deserializer.
class MemberReader {
 public:
  const Status& status() const { return error_; }

  const json* Get(const json& obj, const char* name) {
    if (!error_.ok() || !obj.is_object()) return nullptr;
    auto it = obj.find(name);
    if (it == obj.end() || it->is_null()) return nullptr;
    return &*it;
  }

  std::optional<std::string> String(const json& obj, const char* name) {
    const json* m = Get(obj, name);
    if (!m) return std::nullopt;
    if (!m->is_string()) return Fail(WrongJsonType(*m, "String"));
    return m->get<std::string>();
  }

  std::optional<std::int64_t> Long(const json& obj, const char* name, const char* java_type = "Long") {
    const json* m = Get(obj, name);
    if (!m) return std::nullopt;
    if (m->is_number_integer()) return m->get<std::int64_t>();
    if (m->is_number_float()) {
      double d = std::floor(m->get<double>());
      if (!(d >= -9.2e18 && d <= 9.2e18))
        return Fail(Status::Serialization("NUMBER_VALUE cannot be converted to " + std::string(java_type)));
      return static_cast<std::int64_t>(d);
    }
    return Fail(WrongJsonType(*m, java_type));
  }

  std::optional<bool> Bool(const json& obj, const char* name) {
    const json* m = Get(obj, name);
    if (!m) return std::nullopt;
    if (m->is_boolean()) return m->get<bool>();
    return Fail(WrongJsonType(*m, "Boolean"));
  }

  std::optional<Item> ItemMap(const json& obj, const char* name) {
    const json* m = Get(obj, name);
    if (!m) return std::nullopt;
    return ItemValue(*m);
  }

  // An item given as a list element (e.g. one of BatchGetItem's Keys).
  std::optional<Item> ItemValue(const json& j) {
    if (!error_.ok()) return std::nullopt;
    auto item = ItemFromJson(j);
    if (!item.ok()) return Fail(item.status());
    return std::move(item).value();
  }

  // A structure member (e.g. ProvisionedThroughput).
  const json* Struct(const json& obj, const char* name, const char* type) {
    const json* m = Get(obj, name);
    if (!m) return nullptr;
    return CheckStruct(*m, type, "Unexpected field type");
  }

  // A list member; each element is checked by the caller.
  const json* List(const json& obj, const char* name) {
    const json* m = Get(obj, name);
    if (!m) return nullptr;
    if (m->is_array()) return m;
    Fail(m->is_object() ? Status::Serialization("Start of structure or map found where not expected")
                        : Status::Serialization("Unexpected field type"));
    return nullptr;
  }

  // An element of a list of structures.
  const json* Element(const json& e, const char* type) {
    if (!error_.ok()) return nullptr;
    return CheckStruct(e, type, "Unexpected value type in payload");
  }

  std::optional<ExpressionAttributeNames> NameMap(const json& obj, const char* name) {
    const json* m = Get(obj, name);
    if (!m) return std::nullopt;
    if (m->is_array())
      return Fail(
          Status::Serialization("Unrecognized collection type java.util.Map<java.lang.String, java.lang.String>"));
    if (!m->is_object()) return Fail(Status::Serialization("Unexpected field type"));
    ExpressionAttributeNames out;
    for (auto it = m->begin(); it != m->end(); ++it) {
      if (it->is_null()) continue;
      if (!it->is_string()) return Fail(WrongJsonType(*it, "String"));
      out.emplace(it.key(), it->get<std::string>());
    }
    return out;
  }

  ExpressionInputs Expressions(const json& obj) {
    ExpressionInputs in;
    in.names = NameMap(obj, "ExpressionAttributeNames");
    in.values = ItemMap(obj, "ExpressionAttributeValues");
    return in;
  }

  // A map member whose values are structures or lists (RequestItems).
  const json* ObjectMap(const json& obj, const char* name, const char* value_type) {
    const json* m = Get(obj, name);
    if (!m) return nullptr;
    if (m->is_object()) return m;
    if (m->is_array())
      Fail(Status::Serialization(std::string("Unrecognized collection type java.util.Map<java.lang.String, ") +
                                 value_type + ">"));
    else Fail(Status::Serialization("Unexpected field type"));
    return nullptr;
  }

  // An attribute value given as a structure member (Expected's Value, AttributeUpdates' Value).
  std::optional<AttributeValue> Value(const json& obj, const char* name) {
    const json* m = Get(obj, name);
    if (!m) return std::nullopt;
    auto v = AttributeValueFromJson(*m);
    if (!v.ok()) return Fail(v.status());
    return std::move(v).value();
  }

  // `refused`, when given, takes a value DynamoDB refuses (a ValidationException: a number it
  // cannot read, values nested too deep) instead of the request failing.
  std::optional<std::vector<AttributeValue>> ValueList(const json& obj, const char* name,
                                                       Number::Reading numbers = Number::Reading::kApi,
                                                       std::optional<std::string>* refused = nullptr) {
    const json* m = List(obj, name);
    if (!m) return std::nullopt;
    std::vector<AttributeValue> out;
    for (const auto& e : *m) {
      auto v = AttributeValueFromJson(e, 0, numbers);
      if (!v.ok() && refused && v.status().code() == ErrorCode::kValidation) {
        *refused = v.status().message();
        return std::nullopt;
      }
      if (!v.ok()) return Fail(v.status());
      out.push_back(std::move(v).value());
    }
    return out;
  }

  // A map of structures keyed by attribute name (KeyConditions, Expected, AttributeUpdates):
  // calls `read` with each name and structure.
  template <class Out, class ReadOne>
  std::optional<std::map<std::string, Out>> StructMap(const json& obj, const char* name, const char* type,
                                                      ReadOne read) {
    const json* m = ObjectMap(obj, name, (std::string(kModel) + type).c_str());
    if (!m) return std::nullopt;
    std::map<std::string, Out> out;
    for (auto it = m->begin(); it != m->end(); ++it) {
      if (it->is_null()) continue;
      const json* e = Element(*it, type);
      if (!e) return std::nullopt;
      out.emplace(it.key(), read(*e));
    }
    return out;
  }

  std::optional<AttributeConditions> Conditions(const json& obj, const char* name) {
    return StructMap<AttributeCondition>(obj, name, "Condition", [&](const json& c) {
      return AttributeCondition{String(c, "ComparisonOperator"), ValueList(c, "AttributeValueList")};
    });
  }

  std::optional<ExpectedAttributes> Expected(const json& obj) {
    return StructMap<ExpectedAttributeValue>(obj, "Expected", "ExpectedAttributeValue", [&](const json& c) {
      return ExpectedAttributeValue{Value(c, "Value"), Bool(c, "Exists"), String(c, "ComparisonOperator"),
                                    ValueList(c, "AttributeValueList")};
    });
  }

  std::optional<AttributeUpdates> Updates(const json& obj) {
    return StructMap<AttributeValueUpdate>(obj, "AttributeUpdates", "AttributeValueUpdate", [&](const json& c) {
      return AttributeValueUpdate{Value(c, "Value"), String(c, "Action")};
    });
  }

  std::optional<std::vector<std::string>> StringList(const json& obj, const char* name) {
    const json* m = List(obj, name);
    if (!m) return std::nullopt;
    std::vector<std::string> out;
    for (const auto& e : *m) {
      if (!e.is_string()) return Fail(WrongJsonType(e, "String"));
      out.push_back(e.get<std::string>());
    }
    return out;
  }

 private:
  const json* CheckStruct(const json& m, const char* type, const char* scalar_message) {
    if (m.is_object()) return &m;
    if (m.is_array()) Fail(Status::Serialization(std::string("Unrecognized collection type class ") + kModel + type));
    else Fail(Status::Serialization(scalar_message));
    return nullptr;
  }

  std::nullopt_t Fail(Status s) {
    if (error_.ok()) error_ = std::move(s);
    return std::nullopt;
  }

  Status error_;
};

std::optional<std::vector<KeySchemaElement>> ReadKeySchema(MemberReader& r, const json& obj) {
  const json* list = r.List(obj, "KeySchema");
  if (!list) return std::nullopt;
  std::vector<KeySchemaElement> out;
  for (const auto& e : *list) {
    const json* el = r.Element(e, "KeySchemaElement");
    if (!el) return std::nullopt;
    out.push_back({r.String(*el, "AttributeName"), r.String(*el, "KeyType")});
  }
  return out;
}

std::optional<ProvisionedThroughput> ReadThroughput(MemberReader& r, const json& obj) {
  const json* pt = r.Struct(obj, "ProvisionedThroughput", "ProvisionedThroughput");
  if (!pt) return std::nullopt;
  return ProvisionedThroughput{r.Long(*pt, "ReadCapacityUnits"), r.Long(*pt, "WriteCapacityUnits")};
}

std::optional<OnDemandThroughput> ReadOnDemand(MemberReader& r, const json& obj) {
  const json* o = r.Struct(obj, "OnDemandThroughput", "OnDemandThroughput");
  if (!o) return std::nullopt;
  return OnDemandThroughput{r.Long(*o, "MaxReadRequestUnits"), r.Long(*o, "MaxWriteRequestUnits")};
}

std::optional<WarmThroughput> ReadWarm(MemberReader& r, const json& obj) {
  const json* o = r.Struct(obj, "WarmThroughput", "WarmThroughput");
  if (!o) return std::nullopt;
  return WarmThroughput{r.Long(*o, "ReadUnitsPerSecond"), r.Long(*o, "WriteUnitsPerSecond")};
}

std::optional<std::vector<SecondaryIndexDefinition>> ReadIndexes(MemberReader& r, const json& obj, const char* name,
                                                                 const char* type) {
  const json* list = r.List(obj, name);
  if (!list) return std::nullopt;
  std::vector<SecondaryIndexDefinition> out;
  for (const auto& e : *list) {
    const json* ix = r.Element(e, type);
    if (!ix) return std::nullopt;
    SecondaryIndexDefinition d;
    d.index_name = r.String(*ix, "IndexName");
    d.key_schema = ReadKeySchema(r, *ix);
    if (const json* p = r.Struct(*ix, "Projection", "Projection")) {
      d.projection = Projection{r.String(*p, "ProjectionType"), r.StringList(*p, "NonKeyAttributes")};
    }
    d.provisioned_throughput = ReadThroughput(r, *ix);
    out.push_back(std::move(d));
  }
  return out;
}

std::optional<std::vector<Tag>> ReadTags(MemberReader& r, const json& obj) {
  const json* list = r.List(obj, "Tags");
  if (!list) return std::nullopt;
  std::vector<Tag> tags;
  for (const auto& e : *list) {
    const json* tag = r.Element(e, "Tag");
    if (!tag) break;
    tags.push_back({r.String(*tag, "Key"), r.String(*tag, "Value")});
  }
  return tags;
}

template <class T>
Result<T> Finish(const MemberReader& r, T value) {
  if (!r.status().ok()) return r.status();
  return value;
}

KeysAndAttributes ReadKeysAndAttributes(MemberReader& r, const json& obj) {
  KeysAndAttributes ka;
  if (const json* keys = r.List(obj, "Keys"))
    for (const auto& k : *keys) {
      auto item = r.ItemValue(k);
      if (!item) break;
      ka.keys.push_back(std::move(*item));
    }
  ka.projection_expression = r.String(obj, "ProjectionExpression");
  ka.expression_attribute_names = r.NameMap(obj, "ExpressionAttributeNames");
  ka.consistent_read = r.Bool(obj, "ConsistentRead").value_or(false);
  ka.attributes_to_get = r.StringList(obj, "AttributesToGet");
  return ka;
}

}  // namespace

Result<CreateTableRequest> CreateTableRequestFromJson(const json& body) {
  MemberReader r;
  CreateTableRequest req;
  req.table_name = r.String(body, "TableName");
  if (const json* list = r.List(body, "AttributeDefinitions")) {
    std::vector<AttributeDefinition> defs;
    for (const auto& e : *list) {
      const json* d = r.Element(e, "AttributeDefinition");
      if (!d) break;
      defs.push_back({r.String(*d, "AttributeName"), r.String(*d, "AttributeType")});
    }
    req.attribute_definitions = std::move(defs);
  }
  req.key_schema = ReadKeySchema(r, body);
  req.billing_mode = r.String(body, "BillingMode");
  req.provisioned_throughput = ReadThroughput(r, body);
  req.on_demand_throughput = ReadOnDemand(r, body);
  req.warm_throughput = ReadWarm(r, body);
  req.local_secondary_indexes = ReadIndexes(r, body, "LocalSecondaryIndexes", "LocalSecondaryIndex");
  req.global_secondary_indexes = ReadIndexes(r, body, "GlobalSecondaryIndexes", "GlobalSecondaryIndex");
  req.tags = ReadTags(r, body);
  return Finish(r, std::move(req));
}

Result<UpdateTableRequest> UpdateTableRequestFromJson(const json& body) {
  MemberReader r;
  // The playground implements BillingMode and ProvisionedThroughput; everything else UpdateTable
  // can change is refused by name rather than silently ignored. KeySchema and
  // LocalSecondaryIndexes are not UpdateTable members at all: a table keeps them for life.
  for (const char* fixed : {"KeySchema", "LocalSecondaryIndexes"})
    if (r.Get(body, fixed))
      return Status::Validation(std::string("UpdateTable cannot change ") + fixed +
                                ": a table's key schema and local secondary indexes are fixed when it is created "
                                "(create a new table and copy the items)");
  for (const char* member : {"StreamSpecification", "SSESpecification", "ReplicaUpdates", "TableClass",
                             "DeletionProtectionEnabled", "MultiRegionConsistency", "GlobalTableWitnessUpdates"})
    if (r.Get(body, member))
      return Status::Validation(
          std::string("The playground does not implement UpdateTable's ") + member +
          " (it implements BillingMode, ProvisionedThroughput, OnDemandThroughput, WarmThroughput and "
          "GlobalSecondaryIndexUpdates)");
  UpdateTableRequest req;
  if (const json* list = r.List(body, "AttributeDefinitions")) {
    std::vector<AttributeDefinition> defs;
    for (const auto& e : *list) {
      const json* d = r.Element(e, "AttributeDefinition");
      if (!d) break;
      defs.push_back({r.String(*d, "AttributeName"), r.String(*d, "AttributeType")});
    }
    req.attribute_definitions = std::move(defs);
  }
  req.table_name = r.String(body, "TableName");
  req.billing_mode = r.String(body, "BillingMode");
  req.provisioned_throughput = ReadThroughput(r, body);
  req.on_demand_throughput = ReadOnDemand(r, body);
  req.warm_throughput = ReadWarm(r, body);
  if (const json* list = r.List(body, "GlobalSecondaryIndexUpdates")) {
    std::vector<GlobalSecondaryIndexUpdate> updates;
    for (const auto& e : *list) {
      const json* u = r.Element(e, "GlobalSecondaryIndexUpdate");
      if (!u) break;
      GlobalSecondaryIndexUpdate update;
      if (const json* c = r.Struct(*u, "Create", "CreateGlobalSecondaryIndexAction")) {
        SecondaryIndexDefinition d;
        d.index_name = r.String(*c, "IndexName");
        d.key_schema = ReadKeySchema(r, *c);
        if (const json* p = r.Struct(*c, "Projection", "Projection"))
          d.projection = Projection{r.String(*p, "ProjectionType"), r.StringList(*p, "NonKeyAttributes")};
        d.provisioned_throughput = ReadThroughput(r, *c);
        update.create = std::move(d);
      }
      if (const json* c = r.Struct(*u, "Update", "UpdateGlobalSecondaryIndexAction")) {
        SecondaryIndexDefinition d;
        d.index_name = r.String(*c, "IndexName");
        d.provisioned_throughput = ReadThroughput(r, *c);
        update.update = std::move(d);
      }
      if (const json* c = r.Struct(*u, "Delete", "DeleteGlobalSecondaryIndexAction")) {
        SecondaryIndexDefinition d;
        d.index_name = r.String(*c, "IndexName");
        update.remove = std::move(d);
      }
      updates.push_back(std::move(update));
    }
    req.global_secondary_index_updates = std::move(updates);
  }
  return Finish(r, std::move(req));
}

Result<std::optional<std::string>> TableNameFromJson(const json& body) {
  MemberReader r;
  auto name = r.String(body, "TableName");
  return Finish(r, std::move(name));
}

Result<UpdateContributorInsightsRequest> UpdateContributorInsightsRequestFromJson(const json& body) {
  MemberReader r;
  UpdateContributorInsightsRequest req;
  req.table_name = r.String(body, "TableName");
  req.index_name = r.String(body, "IndexName");
  req.contributor_insights_action = r.String(body, "ContributorInsightsAction");
  req.contributor_insights_mode = r.String(body, "ContributorInsightsMode");
  return Finish(r, std::move(req));
}

Result<DescribeContributorInsightsRequest> DescribeContributorInsightsRequestFromJson(const json& body) {
  MemberReader r;
  DescribeContributorInsightsRequest req;
  req.table_name = r.String(body, "TableName");
  req.index_name = r.String(body, "IndexName");
  return Finish(r, std::move(req));
}

Result<ListContributorInsightsRequest> ListContributorInsightsRequestFromJson(const json& body) {
  MemberReader r;
  ListContributorInsightsRequest req;
  req.table_name = r.String(body, "TableName");
  req.next_token = r.String(body, "NextToken");
  req.max_results = r.Long(body, "MaxResults", "Integer");
  return Finish(r, std::move(req));
}

Result<ListTablesRequest> ListTablesRequestFromJson(const json& body) {
  MemberReader r;
  ListTablesRequest req;
  req.exclusive_start_table_name = r.String(body, "ExclusiveStartTableName");
  req.limit = r.Long(body, "Limit", "Integer");
  return Finish(r, std::move(req));
}

// The members PutItem, DeleteItem and UpdateItem share: a condition, its placeholders, and what
// to return. Read in the order DynamoDB's model lists them, after the item or key.
template <class Request>
void ReadConditionalWrite(MemberReader& r, const json& body, Request& req) {
  req.condition_expression = r.String(body, "ConditionExpression");
  req.expression = r.Expressions(body);
  req.return_values = r.String(body, "ReturnValues");
  req.return_consumed_capacity = r.String(body, "ReturnConsumedCapacity");
  req.return_item_collection_metrics = r.String(body, "ReturnItemCollectionMetrics");
  req.return_values_on_condition_check_failure = r.String(body, "ReturnValuesOnConditionCheckFailure");
  req.expected = r.Expected(body);
  req.conditional_operator = r.String(body, "ConditionalOperator");
}

Result<PutItemRequest> PutItemRequestFromJson(const json& body) {
  MemberReader r;
  PutItemRequest req;
  req.table_name = r.String(body, "TableName");
  req.item = r.ItemMap(body, "Item");
  ReadConditionalWrite(r, body, req);
  return Finish(r, std::move(req));
}

Result<GetItemRequest> GetItemRequestFromJson(const json& body) {
  MemberReader r;
  GetItemRequest req;
  req.table_name = r.String(body, "TableName");
  req.key = r.ItemMap(body, "Key");
  req.consistent_read = r.Bool(body, "ConsistentRead").value_or(false);
  req.projection_expression = r.String(body, "ProjectionExpression");
  req.expression.names = r.NameMap(body, "ExpressionAttributeNames");
  req.return_consumed_capacity = r.String(body, "ReturnConsumedCapacity");
  req.attributes_to_get = r.StringList(body, "AttributesToGet");
  return Finish(r, std::move(req));
}

Result<DeleteItemRequest> DeleteItemRequestFromJson(const json& body) {
  MemberReader r;
  DeleteItemRequest req;
  req.table_name = r.String(body, "TableName");
  req.key = r.ItemMap(body, "Key");
  ReadConditionalWrite(r, body, req);
  return Finish(r, std::move(req));
}

Result<UpdateItemRequest> UpdateItemRequestFromJson(const json& body) {
  MemberReader r;
  UpdateItemRequest req;
  req.table_name = r.String(body, "TableName");
  req.key = r.ItemMap(body, "Key");
  req.update_expression = r.String(body, "UpdateExpression");
  ReadConditionalWrite(r, body, req);
  req.attribute_updates = r.Updates(body);
  return Finish(r, std::move(req));
}

Result<QueryRequest> QueryRequestFromJson(const json& body) {
  MemberReader r;
  QueryRequest req;
  req.table_name = r.String(body, "TableName");
  req.index_name = r.String(body, "IndexName");
  req.key_condition_expression = r.String(body, "KeyConditionExpression");
  req.filter_expression = r.String(body, "FilterExpression");
  req.projection_expression = r.String(body, "ProjectionExpression");
  req.expression = r.Expressions(body);
  req.select = r.String(body, "Select");
  req.limit = r.Long(body, "Limit", "Integer");
  req.scan_index_forward = r.Bool(body, "ScanIndexForward");
  req.exclusive_start_key = r.ItemMap(body, "ExclusiveStartKey");
  req.consistent_read = r.Bool(body, "ConsistentRead").value_or(false);
  req.return_consumed_capacity = r.String(body, "ReturnConsumedCapacity");
  req.key_conditions = r.Conditions(body, "KeyConditions");
  req.query_filter = r.Conditions(body, "QueryFilter");
  req.conditional_operator = r.String(body, "ConditionalOperator");
  req.attributes_to_get = r.StringList(body, "AttributesToGet");
  return Finish(r, std::move(req));
}

Result<ScanRequest> ScanRequestFromJson(const json& body) {
  MemberReader r;
  ScanRequest req;
  req.table_name = r.String(body, "TableName");
  req.index_name = r.String(body, "IndexName");
  req.filter_expression = r.String(body, "FilterExpression");
  req.projection_expression = r.String(body, "ProjectionExpression");
  req.expression = r.Expressions(body);
  req.select = r.String(body, "Select");
  req.limit = r.Long(body, "Limit", "Integer");
  req.exclusive_start_key = r.ItemMap(body, "ExclusiveStartKey");
  req.segment = r.Long(body, "Segment", "Integer");
  req.total_segments = r.Long(body, "TotalSegments", "Integer");
  req.consistent_read = r.Bool(body, "ConsistentRead").value_or(false);
  req.return_consumed_capacity = r.String(body, "ReturnConsumedCapacity");
  req.scan_filter = r.Conditions(body, "ScanFilter");
  req.conditional_operator = r.String(body, "ConditionalOperator");
  req.attributes_to_get = r.StringList(body, "AttributesToGet");
  return Finish(r, std::move(req));
}

Result<BatchGetItemRequest> BatchGetItemRequestFromJson(const json& body) {
  MemberReader r;
  BatchGetItemRequest req;
  if (const json* items = r.ObjectMap(body, "RequestItems", "com.amazonaws.dynamodb.v20120810.KeysAndAttributes")) {
    req.request_items.emplace();
    for (auto it = items->begin(); it != items->end(); ++it) {
      const json* ka = r.Element(*it, "KeysAndAttributes");
      if (!ka) break;
      (*req.request_items)[it.key()] = ReadKeysAndAttributes(r, *ka);
    }
  }
  req.return_consumed_capacity = r.String(body, "ReturnConsumedCapacity");
  return Finish(r, std::move(req));
}

Result<BatchWriteItemRequest> BatchWriteItemRequestFromJson(const json& body) {
  MemberReader r;
  BatchWriteItemRequest req;
  if (const json* items =
          r.ObjectMap(body, "RequestItems", "java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>")) {
    req.request_items.emplace();
    for (auto it = items->begin(); it != items->end(); ++it) {
      if (!it->is_array()) {
        r.List(*items, it.key().c_str());  // records DynamoDB's error for a non-list
        break;
      }
      auto& writes = (*req.request_items)[it.key()];
      for (const auto& w : *it) {
        const json* wr = r.Element(w, "WriteRequest");
        if (!wr) break;
        WriteRequest out;
        if (const json* put = r.Struct(*wr, "PutRequest", "PutRequest")) out.put_item = r.ItemMap(*put, "Item");
        if (const json* del = r.Struct(*wr, "DeleteRequest", "DeleteRequest")) out.delete_key = r.ItemMap(*del, "Key");
        writes.push_back(std::move(out));
      }
    }
  }
  req.return_consumed_capacity = r.String(body, "ReturnConsumedCapacity");
  req.return_item_collection_metrics = r.String(body, "ReturnItemCollectionMetrics");
  return Finish(r, std::move(req));
}

Result<TransactWriteItemsRequest> TransactWriteItemsRequestFromJson(const json& body) {
  MemberReader r;
  TransactWriteItemsRequest req;
  if (const json* list = r.List(body, "TransactItems")) {
    req.transact_items.emplace();
    for (const auto& e : *list) {
      const json* el = r.Element(e, "TransactWriteItem");
      if (!el) break;
      TransactWriteItem item;
      item.operation_count = 0;
      static constexpr std::pair<const char*, TransactWriteItem::Kind> kKinds[] = {
          {"ConditionCheck", TransactWriteItem::Kind::kConditionCheck},
          {"Put", TransactWriteItem::Kind::kPut},
          {"Delete", TransactWriteItem::Kind::kDelete},
          {"Update", TransactWriteItem::Kind::kUpdate}};
      for (const auto& [name, kind] : kKinds) {
        const json* op = r.Struct(*el, name, name);
        if (!op) continue;
        ++item.operation_count;
        item.kind = kind;
        item.table_name = r.String(*op, "TableName");
        item.item = r.ItemMap(*op, "Item");
        item.key = r.ItemMap(*op, "Key");
        item.condition_expression = r.String(*op, "ConditionExpression");
        item.update_expression = r.String(*op, "UpdateExpression");
        item.expression = r.Expressions(*op);
        item.return_values_on_condition_check_failure = r.String(*op, "ReturnValuesOnConditionCheckFailure");
      }
      req.transact_items->push_back(std::move(item));
    }
  }
  req.client_request_token = r.String(body, "ClientRequestToken");
  req.return_consumed_capacity = r.String(body, "ReturnConsumedCapacity");
  req.return_item_collection_metrics = r.String(body, "ReturnItemCollectionMetrics");
  return Finish(r, std::move(req));
}

Result<ExecuteStatementRequest> ExecuteStatementRequestFromJson(const json& body) {
  MemberReader r;
  ExecuteStatementRequest req;
  req.statement = r.String(body, "Statement");
  req.parameters = r.ValueList(body, "Parameters", Number::Reading::kPartiQL);
  req.consistent_read = r.Bool(body, "ConsistentRead").value_or(false);
  req.next_token = r.String(body, "NextToken");
  req.return_consumed_capacity = r.String(body, "ReturnConsumedCapacity");
  req.limit = r.Long(body, "Limit", "Integer");
  req.return_values_on_condition_check_failure = r.String(body, "ReturnValuesOnConditionCheckFailure");
  return Finish(r, std::move(req));
}

namespace {
// The statements of a batch (BatchStatementRequest) or a transaction (ParameterizedStatement).
std::optional<std::vector<ParameterizedStatement>> ReadStatements(MemberReader& r, const json& body, const char* member,
                                                                  const char* type, bool batch) {
  const json* list = r.List(body, member);
  if (!list) return std::nullopt;
  std::vector<ParameterizedStatement> out;
  for (const auto& e : *list) {
    const json* el = r.Element(e, type);
    if (!el) break;
    ParameterizedStatement p;
    p.statement = r.String(*el, "Statement");
    // A value a batch cannot read refuses its statement alone (ParameterizedStatement).
    p.parameters = r.ValueList(*el, "Parameters", Number::Reading::kPartiQL, batch ? &p.parameters_refused : nullptr);
    p.consistent_read = r.Bool(*el, "ConsistentRead").value_or(false);
    p.return_values_on_condition_check_failure = r.String(*el, "ReturnValuesOnConditionCheckFailure");
    out.push_back(std::move(p));
  }
  return out;
}
}  // namespace

Result<BatchExecuteStatementRequest> BatchExecuteStatementRequestFromJson(const json& body) {
  MemberReader r;
  BatchExecuteStatementRequest req;
  req.statements = ReadStatements(r, body, "Statements", "BatchStatementRequest", true);
  req.return_consumed_capacity = r.String(body, "ReturnConsumedCapacity");
  return Finish(r, std::move(req));
}

Result<ExecuteTransactionRequest> ExecuteTransactionRequestFromJson(const json& body) {
  MemberReader r;
  ExecuteTransactionRequest req;
  req.transact_statements = ReadStatements(r, body, "TransactStatements", "ParameterizedStatement", false);
  req.client_request_token = r.String(body, "ClientRequestToken");
  req.return_consumed_capacity = r.String(body, "ReturnConsumedCapacity");
  return Finish(r, std::move(req));
}

Result<TransactGetItemsRequest> TransactGetItemsRequestFromJson(const json& body) {
  MemberReader r;
  TransactGetItemsRequest req;
  if (const json* list = r.List(body, "TransactItems")) {
    req.transact_items.emplace();
    for (const auto& e : *list) {
      const json* el = r.Element(e, "TransactGetItem");
      if (!el) break;
      TransactGetItem item;
      if (const json* get = r.Struct(*el, "Get", "Get")) {
        item.table_name = r.String(*get, "TableName");
        item.key = r.ItemMap(*get, "Key");
        item.projection_expression = r.String(*get, "ProjectionExpression");
        item.expression_attribute_names = r.NameMap(*get, "ExpressionAttributeNames");
      }
      req.transact_items->push_back(std::move(item));
    }
  }
  req.return_consumed_capacity = r.String(body, "ReturnConsumedCapacity");
  return Finish(r, std::move(req));
}

Result<UpdateTimeToLiveRequest> UpdateTimeToLiveRequestFromJson(const json& body) {
  MemberReader r;
  UpdateTimeToLiveRequest req;
  req.table_name = r.String(body, "TableName");
  if (const json* spec = r.Struct(body, "TimeToLiveSpecification", "TimeToLiveSpecification"))
    req.time_to_live_specification =
        TimeToLiveSpecification{r.String(*spec, "AttributeName"), r.Bool(*spec, "Enabled")};
  return Finish(r, std::move(req));
}

Result<TagResourceRequest> TagResourceRequestFromJson(const json& body) {
  MemberReader r;
  TagResourceRequest req;
  req.resource_arn = r.String(body, "ResourceArn");
  req.tags = ReadTags(r, body);
  return Finish(r, std::move(req));
}

Result<UntagResourceRequest> UntagResourceRequestFromJson(const json& body) {
  MemberReader r;
  UntagResourceRequest req;
  req.resource_arn = r.String(body, "ResourceArn");
  req.tag_keys = r.StringList(body, "TagKeys");
  return Finish(r, std::move(req));
}

Result<ListTagsOfResourceRequest> ListTagsOfResourceRequestFromJson(const json& body) {
  MemberReader r;
  ListTagsOfResourceRequest req;
  req.resource_arn = r.String(body, "ResourceArn");
  req.next_token = r.String(body, "NextToken");
  return Finish(r, std::move(req));
}

json ToJson(const ConsumedCapacity& c) {
  json o = {{"TableName", c.table_name}, {"CapacityUnits", c.capacity_units}};
  if (c.include_table_breakdown) o["Table"] = {{"CapacityUnits", c.table_capacity_units}};
  for (const auto& [member, list] : {std::pair{"GlobalSecondaryIndexes", &c.global_secondary_indexes},
                                     std::pair{"LocalSecondaryIndexes", &c.local_secondary_indexes}}) {
    if (list->empty()) continue;
    json m = json::object();
    for (const auto& [name, units] : *list) m[name] = {{"CapacityUnits", units}};
    o[member] = std::move(m);
  }
  return o;
}

json ToJson(const ListTablesResult& r) {
  json o = {{"TableNames", r.table_names}};
  if (r.last_evaluated_table_name) o["LastEvaluatedTableName"] = *r.last_evaluated_table_name;
  return o;
}

}  // namespace ddb
