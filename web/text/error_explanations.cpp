#include "text/error_explanations.h"

#include <array>

namespace playground {
namespace {

struct Explanation {
  std::string_view type;      // empty: any type
  std::string_view fragment;  // part of the message; empty: any message of the type
  std::string_view text;
};

// First match wins, so specific messages come before their type's catch-all.
constexpr std::array kExplanations = {
    Explanation{"", "The provided key element does not match the schema",
                "The Key must name exactly the table's key attributes (partition key, and sort key if the table has "
                "one) with their defined types - no other attributes, none missing."},
    Explanation{"", "Query condition missed key schema element",
                "A Query must pin the partition key with = in KeyConditionExpression; the sort key may only be "
                "narrowed (=, <, <=, >, >=, BETWEEN, begins_with)."},
    Explanation{"", "Cannot update attribute",
                "Key attributes identify the item, so UpdateItem cannot change them: put a new item with the new key "
                "and delete the old one."},
    Explanation{"", "Missing the key", "Every item must carry the table's key attributes; this one lacks one of them."},
    Explanation{"", "Type mismatch for key",
                "A key attribute has a different type than the table defines (e.g. N where S was declared)."},
    Explanation{"", "Type mismatch for Index Key",
                "An index key attribute must have the type the index declares, or be absent (then the item is left "
                "out of the index)."},
    Explanation{"", "The AttributeValue for a key attribute cannot contain an empty",
                "Key attributes cannot be empty strings or empty binaries: DynamoDB could not hash or sort them."},
    Explanation{"", "Filter Expression can only contain non-primary key attributes",
                "Key attributes belong in KeyConditionExpression, which limits what is read; a filter only drops "
                "items after they were read (and paid for)."},
    Explanation{"", "KeyConditionExpressions must only contain one condition per key",
                "A key condition has at most one test on the partition key (=) and one on the sort key."},
    Explanation{"", "Query key condition not supported",
                "Key conditions allow only =, <, <=, >, >=, BETWEEN and begins_with - no <>, OR, NOT or IN."},
    Explanation{"", "Invalid operator used in KeyConditionExpression",
                "Key conditions allow only =, <, <=, >, >=, BETWEEN and begins_with; use FilterExpression for other "
                "tests."},
    Explanation{"", "Attribute name is a reserved keyword",
                "This name is one of DynamoDB's reserved words: write #name in the expression and map it in "
                "ExpressionAttributeNames."},
    Explanation{"", "An expression attribute value used in expression is not defined",
                "Every :placeholder in an expression needs an entry in ExpressionAttributeValues."},
    Explanation{"", "An expression attribute name used in the document path is not defined",
                "Every #placeholder in an expression needs an entry in ExpressionAttributeNames."},
    Explanation{"", "Value provided in ExpressionAttributeValues unused in expressions",
                "DynamoDB refuses placeholders that no expression uses: remove them or use them."},
    Explanation{"", "Value provided in ExpressionAttributeNames unused in expressions",
                "DynamoDB refuses placeholders that no expression uses: remove them or use them."},
    Explanation{"", "Syntax error; token",
                "The expression does not parse at the quoted token: check spelling, parentheses and placeholders."},
    Explanation{"", "The provided starting key is invalid",
                "ExclusiveStartKey must be a LastEvaluatedKey from the same table or index: all its key attributes."},
    Explanation{"", "The provided starting key is outside query boundaries",
                "ExclusiveStartKey must lie inside the range the key condition selects."},
    Explanation{"", "Item size has exceeded the maximum allowed size",
                "An item may hold at most 400 KB, names and values together."},
    Explanation{"", "Size of hashkey has exceeded", "A partition key value may be at most 2,048 bytes."},
    Explanation{"", "Aggregated size of all range keys has exceeded", "A sort key value may be at most 1,024 bytes."},
    Explanation{"", "Provided list of item keys contains duplicates", "A batch may name each key only once."},
    Explanation{"", "Transaction request cannot include multiple operations on one item",
                "A transaction may touch each item once: merge the actions on the same key."},
    Explanation{"", "Consistent reads are not supported on global secondary indexes",
                "Global secondary indexes are updated asynchronously, so they only offer eventually consistent reads."},
    Explanation{"", "Table already exists",
                "Table names are unique: pick another name or delete the existing table first."},
    Explanation{"", "Requested resource not found",
                "No table (or index) by that name exists: check the spelling; names are case-sensitive."},
    Explanation{"", "Cannot do operations on a non-existent table",
                "No table by that name exists: check the spelling; names are case-sensitive."},
    Explanation{"", "Some AttributeDefinitions are not used",
                "Define only attributes that are keys of the table or an index; other attributes need no definition."},
    Explanation{"", "Some index key attributes are not defined",
                "Every key attribute (table or index) needs an AttributeDefinitions entry with its type."},
    Explanation{"", "Both the Hash Key and the Range Key element in the KeySchema have the same name",
                "The partition key and the sort key must be two different attributes."},
    Explanation{"", "at 'tableName' failed to satisfy constraint: Member must",
                "Table names have 3 to 255 characters: letters, digits, '_', '-' and '.'."},
    Explanation{"", "The document path provided in the update expression is invalid for update",
                "The path goes through something that does not exist or is not a map or list in this item."},
    Explanation{"", "Two document paths",
                "One update expression may not set and remove the same path, or a path inside another it changes."},
    Explanation{"", "ReturnValues can only be ALL_OLD or NONE",
                "PutItem and DeleteItem only return the old item; UpdateItem also offers UPDATED_* and ALL_NEW."},
    Explanation{"", "cannot be converted to a numeric value",
                "A number parameter (Limit, Segment, a capacity) was given as something that is not a whole "
                "number: write it as a JSON number such as 10."},
    Explanation{"", "Invalid KeySchema: Some index key attribute have no definition",
                "Every attribute named in KeySchema needs an AttributeDefinitions entry giving its type (S, N or B)."},
    Explanation{"", "Invalid KeySchema: The first KeySchemaElement is not a HASH key type",
                "KeySchema lists the partition key (HASH) first, then the sort key (RANGE) if there is one."},
    Explanation{"", "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type",
                "KeySchema lists the partition key (HASH) first, then the sort key (RANGE) if there is one."},
    Explanation{"", "Number of attributes in KeySchema does not exactly match number of attributes defined",
                "AttributeDefinitions must list exactly the key attributes (of the table and its indexes), each "
                "once: no more, no fewer."},
    Explanation{"", "Attempting to store more than 38 significant digits in a Number",
                "DynamoDB numbers hold at most 38 significant digits."},
    Explanation{"", "Number overflow", "DynamoDB numbers reach at most 9.99E+125 in magnitude."},
    Explanation{"", "Number underflow", "DynamoDB numbers are at least 1E-130 in magnitude, or zero."},
    Explanation{"", "The table does not have the specified index",
                "IndexName must name one of the table's secondary indexes (see DescribeTable); names are "
                "case-sensitive."},
    Explanation{"", "Supplied AttributeValue is empty",
                "Each value names exactly one type, e.g. {\"S\": \"text\"} or {\"N\": \"1\"}."},
    Explanation{"", "Supplied AttributeValue has more than one datatypes set",
                "Each value names exactly one type, e.g. {\"S\": \"text\"} or {\"N\": \"1\"}."},
    Explanation{"", "failed to satisfy constraint",
                "A parameter is outside what DynamoDB accepts (its length, range or allowed values): the message "
                "names the parameter and the rule."},
    Explanation{"ConditionalCheckFailedException", "",
                "The ConditionExpression was false for the item as stored (or the item is missing), so nothing was "
                "written."},
    Explanation{"TransactionCanceledException", "",
                "One action failed, so none were applied: CancellationReasons lists each action's outcome in order."},
    Explanation{"SerializationException", "",
                "The request is not valid JSON, or a member has the wrong JSON type (e.g. a number where DynamoDB "
                "expects an object)."},
    Explanation{"UnknownOperationException", "", "DynamoDB has no operation by that name."},
    Explanation{"ProvisionedThroughputExceededException", "",
                "The request needed more capacity than the table (or one partition) provides right now."},
    Explanation{"ItemCollectionSizeLimitExceededException", "",
                "With a local secondary index, one partition-key value may hold at most 10 GB."},
    Explanation{"LimitExceededException", "Only 1 online index can be created or deleted simultaneously",
                "A table builds or drops one index at a time: wait until the index being created is ACTIVE, or "
                "the one being deleted is gone (DescribeTable shows both), then ask again."},
    Explanation{"ResourceInUseException", "Index creation is in resource allocation phase",
                "A new index can be deleted once it is backfilling (DescribeTable: Backfilling true) or ACTIVE, "
                "not in its first moments."},
    Explanation{"ResourceInUseException", "Table is being updated",
                "An index is being set up or dropped: the table's own settings can change again once the new "
                "index is backfilling, or the old one is gone."},
    Explanation{"ResourceInUseException", "", "The table is being created, deleted or already exists."},
    Explanation{"LimitExceededException", "",
                "The request would pass one of DynamoDB's account or table limits, which the message names."},
    Explanation{"ResourceNotFoundException", "", "No table (or index) by that name exists."},
    // Last, so that every error the engine gives has a line: the ones above say more.
    Explanation{"ValidationException", "",
                "DynamoDB checked the request before doing anything and refused it; nothing changed. The message "
                "says which rule it broke."},
    Explanation{"InternalServerError", "", "Something failed inside the playground itself; nothing changed."},
};

}  // namespace

std::string ExplainError(std::string_view type, std::string_view message) {
  for (const Explanation& e : kExplanations) {
    if (!e.type.empty() && e.type != type) continue;
    if (!e.fragment.empty() && message.find(e.fragment) == std::string_view::npos) continue;
    return std::string(e.text);
  }
  return {};
}

}  // namespace playground
