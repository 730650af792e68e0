// RequestCode: a request as JavaScript (SDK v3, low-level and document client), Python (boto3)
// and an AWS CLI command, exactly as the page shows them. tests/server/request_code.test.mjs
// runs what it writes against the local endpoint.
#include "ddb/request_code.h"

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "ddb/challenge.h"
#include "ddb/design_code.h"
#include "lesson_files.h"

namespace {

std::string CodeOf(const char* operation, const char* body, ddb::CodeKind kind, ddb::CodeOptions options = {}) {
  if (options.endpoint.empty()) options.endpoint = "http://localhost:8000";
  auto code = ddb::RequestCode(operation, body, kind, options);
  INFO(code.status().message());
  REQUIRE(code.ok());
  return *code;
}

constexpr const char* kQuery = R"j({"TableName": "Library",
  "KeyConditionExpression": "pk = :a AND begins_with(sk, :book)",
  "ExpressionAttributeValues": {":a": {"S": "AUTHOR#ursula"}, ":book": {"S": "BOOK#"}},
  "ScanIndexForward": false, "Limit": 10})j";

}  // namespace

TEST_CASE("botocore's names: boto3's methods and the CLI's commands and options", "[code]") {
  CHECK(ddb::BotocoreName("GetItem", '_') == "get_item");
  CHECK(ddb::BotocoreName("UpdateTimeToLive", '-') == "update-time-to-live");
  CHECK(ddb::BotocoreName("KeyConditionExpression", '-') == "key-condition-expression");
  CHECK(ddb::BotocoreName("SSESpecification", '-') == "sse-specification");
  CHECK(ddb::BotocoreName("ReturnValuesOnConditionCheckFailure", '_') == "return_values_on_condition_check_failure");
  CHECK(ddb::BotocoreName("ResourceArn", '-') == "resource-arn");
  CHECK(ddb::BotocoreName("GlobalSecondaryIndexUpdates", '-') == "global-secondary-index-updates");
}

TEST_CASE("A Query as the SDK for JavaScript v3 writes it: the low-level client and the document client", "[code]") {
  CHECK(CodeOf("Query", kQuery, ddb::CodeKind::kJavaScript) ==
        R"j(import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({ region: "us-east-1", endpoint: "http://localhost:8000" });

const response = await client.send(new QueryCommand({
  TableName: "Library",
  KeyConditionExpression: "pk = :a AND begins_with(sk, :book)",
  ExpressionAttributeValues: { ":a": { S: "AUTHOR#ursula" }, ":book": { S: "BOOK#" } },
  ScanIndexForward: false,
  Limit: 10,
}));
console.dir(response, { depth: null });
)j");
  CHECK(CodeOf("Query", kQuery, ddb::CodeKind::kJavaScriptDocument) ==
        R"j(import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";

const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "us-east-1", endpoint: "http://localhost:8000" }));

const response = await client.send(new QueryCommand({
  TableName: "Library",
  KeyConditionExpression: "pk = :a AND begins_with(sk, :book)",
  ExpressionAttributeValues: { ":a": "AUTHOR#ursula", ":book": "BOOK#" },
  ScanIndexForward: false,
  Limit: 10,
}));
console.dir(response, { depth: null });
)j");
}

TEST_CASE("The document client takes native values: numbers, sets, bytes, maps and lists", "[code]") {
  const char* put = R"j({"TableName": "Books", "Item": {"id": {"S": "b1"}, "year": {"N": "1969"},
    "isbn": {"N": "12345678901234567890"}, "tags": {"SS": ["sf", "classic"]}, "scores": {"NS": ["1", "2.5"]},
    "cover": {"B": "AQID"}, "gone": {"NULL": true}, "read": {"BOOL": false},
    "meta": {"M": {"pages": {"N": "300"}, "chapters": {"L": [{"S": "One"}, {"N": "2"}]}}}},
    "ConditionExpression": "attribute_not_exists(id)"})j";
  CHECK(CodeOf("PutItem", put, ddb::CodeKind::kJavaScriptDocument) ==
        R"j(import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, PutCommand, NumberValue } from "@aws-sdk/lib-dynamodb";

const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "us-east-1", endpoint: "http://localhost:8000" }));

const response = await client.send(new PutCommand({
  TableName: "Books",
  Item: {
    id: "b1",
    year: 1969,
    isbn: NumberValue.from("12345678901234567890"),
    tags: new Set(["sf", "classic"]),
    scores: new Set([1, 2.5]),
    cover: Buffer.from("AQID", "base64"),
    gone: null,
    read: false,
    meta: { pages: 300, chapters: ["One", 2] },
  },
  ConditionExpression: "attribute_not_exists(id)",
}));
console.dir(response, { depth: null });
)j");
  // The low-level client sends bytes too (it Base64-encodes them itself); the rest is DynamoDB
  // JSON.
  CHECK(CodeOf("GetItem", R"j({"TableName": "Blobs", "Key": {"id": {"B": "AQID"}}})j", ddb::CodeKind::kJavaScript) ==
        R"j(import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({ region: "us-east-1", endpoint: "http://localhost:8000" });

const response = await client.send(new GetItemCommand({ TableName: "Blobs", Key: { id: { B: Buffer.from("AQID", "base64") } } }));
console.dir(response, { depth: null });
)j");
}

TEST_CASE("A table operation has no document command: the document client's code sends it with the low-level one",
          "[code]") {
  CHECK(CodeOf("DeleteTable", R"j({"TableName": "Books"})j", ddb::CodeKind::kJavaScriptDocument) ==
        R"j(import { DynamoDBClient, DeleteTableCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({ region: "us-east-1", endpoint: "http://localhost:8000" });

const response = await client.send(new DeleteTableCommand({ TableName: "Books" }));
console.dir(response, { depth: null });
)j");
}

TEST_CASE("A Query as boto3 writes it: keyword arguments, Python's literals, bytes decoded", "[code]") {
  CHECK(CodeOf("Query", kQuery, ddb::CodeKind::kPython) ==
        R"j(import json

import boto3

client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url="http://localhost:8000")

response = client.query(
    TableName="Library",
    KeyConditionExpression="pk = :a AND begins_with(sk, :book)",
    ExpressionAttributeValues={":a": {"S": "AUTHOR#ursula"}, ":book": {"S": "BOOK#"}},
    ScanIndexForward=False,
    Limit=10,
)
print(json.dumps(response, indent=2, default=str))
)j");
  CHECK(CodeOf("PutItem", R"j({"TableName": "Blobs", "Item": {"id": {"B": "AQID"}, "none": {"NULL": true}}})j",
               ddb::CodeKind::kPython) ==
        R"j(import base64
import json

import boto3

client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url="http://localhost:8000")

response = client.put_item(
    TableName="Blobs",
    Item={"id": {"B": base64.b64decode("AQID")}, "none": {"NULL": True}},
)
print(json.dumps(response, indent=2, default=str))
)j");
}

TEST_CASE("A request as an AWS CLI command: options in botocore's names, words quoted for the shell", "[code]") {
  CHECK(CodeOf("Query", kQuery, ddb::CodeKind::kCli) ==
        R"j(aws dynamodb query \
    --table-name Library \
    --key-condition-expression 'pk = :a AND begins_with(sk, :book)' \
    --expression-attribute-values '{":a":{"S":"AUTHOR#ursula"},":book":{"S":"BOOK#"}}' \
    --no-scan-index-forward \
    --limit 10 \
    --no-paginate \
    --endpoint-url http://localhost:8000 \
    --region us-east-1
)j");
  // A single quote inside a word closes the quotes, escapes itself and opens them again.
  ddb::CodeOptions aws;
  aws.region = "eu-west-1";
  auto put = ddb::RequestCode("PutItem", R"j({"TableName": "Books", "Item": {"title": {"S": "Ender's Game"}}})j",
                              ddb::CodeKind::kCli, aws);
  REQUIRE(put.ok());
  // A member no operation has, in a learner's request, is quoted as its value is.
  CHECK(CodeOf("PutItem", R"j({"TableName": "T", "It'em": {}, "O k": true})j", ddb::CodeKind::kCli) ==
        R"j(aws dynamodb put-item \
    --table-name T \
    '--it'\''em' '{}' \
    '--o k' \
    --endpoint-url http://localhost:8000 \
    --region us-east-1
)j");
  CHECK(*put == R"j(aws dynamodb put-item \
    --table-name Books \
    --item '{"title":{"S":"Ender'\''s Game"}}' \
    --region eu-west-1
)j");
}

TEST_CASE("A Query whose answer went on is written with the loop that reads every page", "[code]") {
  ddb::CodeOptions paged;
  paged.endpoint = "http://localhost:8000";
  paged.paged = true;
  const char* query = R"j({"TableName": "Library", "KeyConditionExpression": "pk = :a",
    "ExpressionAttributeValues": {":a": {"S": "AUTHOR#ursula"}}, "Limit": 2})j";
  CHECK(CodeOf("Query", query, ddb::CodeKind::kJavaScriptDocument, paged) ==
        R"j(import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";

const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: "us-east-1", endpoint: "http://localhost:8000" }));

// Every page: each answer's LastEvaluatedKey is where the next one starts.
const input = {
  TableName: "Library",
  KeyConditionExpression: "pk = :a",
  ExpressionAttributeValues: { ":a": "AUTHOR#ursula" },
  Limit: 2,
};
do {
  const page = await client.send(new QueryCommand(input));
  for (const item of page.Items) console.dir(item, { depth: null });
  input.ExclusiveStartKey = page.LastEvaluatedKey;
} while (input.ExclusiveStartKey);
)j");
  CHECK(CodeOf("Query", query, ddb::CodeKind::kPython, paged) ==
        R"j(import json

import boto3

client = boto3.client("dynamodb", region_name="us-east-1", endpoint_url="http://localhost:8000")

# Every page: each answer's LastEvaluatedKey is where the next one starts.
request = {
    "TableName": "Library",
    "KeyConditionExpression": "pk = :a",
    "ExpressionAttributeValues": {":a": {"S": "AUTHOR#ursula"}},
    "Limit": 2,
}
while True:
    page = client.query(**request)
    for item in page["Items"]:
        print(json.dumps(item, default=str))
    if "LastEvaluatedKey" not in page:
        break
    request["ExclusiveStartKey"] = page["LastEvaluatedKey"]
)j");
  // The CLI pages by itself: the Limit becomes the size of a page.
  CHECK(CodeOf("Query", query, ddb::CodeKind::kCli, paged) ==
        R"j(# The CLI reads every page itself: each answer's LastEvaluatedKey starts the next.
aws dynamodb query \
    --table-name Library \
    --key-condition-expression 'pk = :a' \
    --expression-attribute-values '{":a":{"S":"AUTHOR#ursula"}}' \
    --page-size 2 \
    --endpoint-url http://localhost:8000 \
    --region us-east-1
)j");
  // A GetItem has no pages.
  CHECK(CodeOf("GetItem", R"j({"TableName": "T", "Key": {"k": {"S": "x"}}})j", ddb::CodeKind::kCli, paged)
            .find("--no-paginate") == std::string::npos);
}

TEST_CASE("What is not a request is refused with what is wrong", "[code]") {
  auto unknown = ddb::RequestCode("GetItems", "{}", ddb::CodeKind::kJavaScript);
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.status().message() == "\"GetItems\" is not a DynamoDB operation");
  auto not_object = ddb::RequestCode("GetItem", "[1, 2", ddb::CodeKind::kPython);
  REQUIRE_FALSE(not_object.ok());
  CHECK(not_object.status().message() == "the request is not a JSON object");
  CHECK(ddb::CodeKindName(ddb::CodeKind::kCli) == "AWS CLI");
}

TEST_CASE("A member the operation does not have, which no SDK sends, is said first in a comment", "[code]") {
  const char* update = R"j({"TableName": "Shelf", "LocalSecondaryIndexes": []})j";
  CHECK(CodeOf("UpdateTable", update, ddb::CodeKind::kJavaScript)
            .starts_with("// LocalSecondaryIndexes is not an UpdateTable parameter: the SDK leaves it out, and "
                         "DynamoDB answers the request without it.\nimport "));
  CHECK(CodeOf("UpdateTable", update, ddb::CodeKind::kPython)
            .starts_with("# LocalSecondaryIndexes is not an UpdateTable parameter: boto3 refuses the request before "
                         "sending it (ParamValidationError).\nimport json"));
  CHECK(
      CodeOf("UpdateTable", update, ddb::CodeKind::kCli)
          .starts_with("# LocalSecondaryIndexes is not an UpdateTable parameter: the CLI refuses the command (Unknown "
                       "options).\naws dynamodb update-table"));
  // A member UpdateTable has gets no comment.
  CHECK(CodeOf("UpdateTable", R"j({"TableName": "Shelf", "BillingMode": "PAY_PER_REQUEST"})j", ddb::CodeKind::kCli)
            .starts_with("aws dynamodb update-table"));
}

namespace {

const std::vector<ddb::ReplayRequest> kHistory{
    {"CreateTable", R"j({"TableName": "Books", "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST"})j"},
    {"PutItem", R"j({"TableName": "Books", "Item": {"id": {"S": "b1"}, "year": {"N": "1969"}}})j"},
    {"GetItem", R"j({"TableName": "Books", "Key": {"id": {"S": "b1"}}})j"},
    {"DescribeTable", R"j({"TableName": "Books"})j"},
    {"DeleteTable", R"j({"TableName": "Books"})j"}};

}  // namespace

TEST_CASE("The history as a script: its writes and table operations again, in order, waiting on each table", "[code]") {
  ddb::CodeOptions local;
  local.endpoint = "http://localhost:8000";
  CHECK(ddb::ChangesData("PutItem"));
  CHECK(ddb::ChangesData("UpdateTimeToLive"));
  CHECK_FALSE(ddb::ChangesData("Query"));
  CHECK_FALSE(ddb::ChangesData("DescribeTimeToLive"));
  CHECK_FALSE(ddb::ChangesData("ListTagsOfResource"));
  auto js = ddb::ReplayScript(kHistory, ddb::CodeKind::kJavaScript, local);
  REQUIRE(js.ok());
  CHECK(*js == R"j(// The playground's history: 3 requests sent again, in order (2 reads left out: they change nothing).
// The first request that fails stops it.
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, PutItemCommand, waitUntilTableExists, waitUntilTableNotExists } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({ region: "us-east-1", endpoint: "http://localhost:8000" });

// 1. CreateTable
await client.send(new CreateTableCommand({
  TableName: "Books",
  AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
  KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
  BillingMode: "PAY_PER_REQUEST",
}));
await waitUntilTableExists({ client, maxWaitTime: 300 }, { TableName: "Books" });

// 2. PutItem
await client.send(new PutItemCommand({ TableName: "Books", Item: { id: { S: "b1" }, year: { N: "1969" } } }));

// 5. DeleteTable
await client.send(new DeleteTableCommand({ TableName: "Books" }));
await waitUntilTableNotExists({ client, maxWaitTime: 300 }, { TableName: "Books" });
)j");
  // The document client for the items, the low-level one for the tables.
  auto documents = ddb::ReplayScript(kHistory, ddb::CodeKind::kJavaScriptDocument, local);
  REQUIRE(documents.ok());
  CHECK(documents->find("import { DynamoDBDocumentClient, PutCommand } from \"@aws-sdk/lib-dynamodb\";\n") !=
        std::string::npos);
  CHECK(documents->find("const documents = DynamoDBDocumentClient.from(client);\n") != std::string::npos);
  CHECK(documents->find(
            "await documents.send(new PutCommand({ TableName: \"Books\", Item: { id: \"b1\", year: 1969 } }));") !=
        std::string::npos);
  auto python = ddb::ReplayScript(kHistory, ddb::CodeKind::kPython, local);
  REQUIRE(python.ok());
  CHECK(python->find("client.put_item(\n    TableName=\"Books\",\n    Item={\"id\": {\"S\": \"b1\"}, \"year\": {\"N\": "
                     "\"1969\"}},\n)\n") != std::string::npos);
  CHECK(python->find("client.get_waiter(\"table_not_exists\").wait(TableName=\"Books\")\n") != std::string::npos);
  auto cli = ddb::ReplayScript(kHistory, ddb::CodeKind::kCli, local);
  REQUIRE(cli.ok());
  CHECK(cli->starts_with("#!/bin/sh\n# The playground's history: 3 requests sent again"));
  CHECK(cli->find("set -e\n") != std::string::npos);
  CHECK(cli->find("aws dynamodb wait table-exists --table-name Books --endpoint-url http://localhost:8000 --region "
                  "us-east-1\n") != std::string::npos);
  CHECK(cli->find("--no-paginate") == std::string::npos);
  // A body that is not a request names the request.
  const std::vector<ddb::ReplayRequest> broken{kHistory[0], {"PutItem", "{\"TableName\": "}};
  auto refused = ddb::ReplayScript(broken, ddb::CodeKind::kCli);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.status().message() == "request 2 (PutItem) is not a JSON object");
}

TEST_CASE("A Query on boto3's Table resource: Key and Attr conditions, Python's own values", "[code]") {
  const std::string body = R"j({"TableName": "Orders",
    "KeyConditionExpression": "#c = :c AND begins_with(orderId, :p)",
    "FilterExpression": "total >= :min AND attribute_exists(gift)",
    "ProjectionExpression": "#c, total",
    "ExpressionAttributeNames": {"#c": "customer"},
    "ExpressionAttributeValues": {":c": {"S": "c1"}, ":p": {"S": "2026-"}, ":min": {"N": "10.5"}},
    "Limit": 5, "ScanIndexForward": false})j";
  auto code = ddb::RequestCode("Query", body, ddb::CodeKind::kPythonTable, {.endpoint = "http://localhost:8000"});
  REQUIRE(code.ok());
  // #c stays: the projection, a string, still names it.
  CHECK(*code == R"j(import json
from decimal import Decimal

import boto3
from boto3.dynamodb.conditions import Attr, Key

table = boto3.resource("dynamodb", region_name="us-east-1", endpoint_url="http://localhost:8000").Table("Orders")

response = table.query(
    KeyConditionExpression=Key("customer").eq("c1") & Key("orderId").begins_with("2026-"),
    FilterExpression=Attr("total").gte(Decimal("10.5")) & Attr("gift").exists(),
    ProjectionExpression="#c, total",
    ExpressionAttributeNames={"#c": "customer"},
    Limit=5,
    ScanIndexForward=False,
)
print(json.dumps(response, indent=2, default=str))
)j");
  // An OR stays a string, with its placeholders; an item's values are Python's.
  auto put = ddb::RequestCode("PutItem", R"j({"TableName": "Orders", "Item": {"customer": {"S": "c1"},
      "tags": {"SS": ["a"]}, "blob": {"B": "AQI="}, "gone": {"NULL": true}, "ok": {"BOOL": true}},
      "ConditionExpression": "attribute_not_exists(customer) OR #s = :s",
      "ExpressionAttributeNames": {"#s": "status"}, "ExpressionAttributeValues": {":s": {"S": "NEW"}}})j",
                              ddb::CodeKind::kPythonTable);
  REQUIRE(put.ok());
  CHECK(put->find(R"j(    Item={
        "customer": "c1",
        "tags": {"a"},
        "blob": base64.b64decode("AQI="),
        "gone": None,
        "ok": True,
    },
    ConditionExpression="attribute_not_exists(customer) OR #s = :s",
    ExpressionAttributeNames={"#s": "status"},
    ExpressionAttributeValues={":s": "NEW"},
)j") != std::string::npos);
  // Not the Table's: the client sends it.
  auto create = ddb::RequestCode("DescribeTable", R"j({"TableName": "Orders"})j", ddb::CodeKind::kPythonTable);
  CHECK(create->starts_with("# A Table resource has no DescribeTable: the client sends it.\nimport json\n"));
}

TEST_CASE("A design as its data-access module: a function per pattern and write, the key templates as functions",
          "[code]") {
  for (const auto& f : ddb::test::ChallengeFiles()) {
    if (f.name != "00-books-by-author.json") continue;
    auto challenge = ddb::ParseChallenge(f.text, f.name);
    REQUIRE(challenge.ok());
    auto module = ddb::DesignModule(*challenge, challenge->reference, ddb::DesignLanguage::kPython,
                                    {.endpoint = "http://localhost:8000"});
    REQUIRE(module.ok());
    CHECK(module->find("dynamodb = boto3.resource(\"dynamodb\", region_name=\"us-east-1\", "
                       "endpoint_url=\"http://localhost:8000\")\n") != std::string::npos);
    CHECK(
        module->find(
            R"py(    "sk": ("BOOK#{published}#{bookId}", ["published", "bookId"], lambda record: "BOOK#" + _text(record["published"]) + "#" + _text(record["bookId"])),)py") !=
        std::string::npos);
    CHECK(module->find(R"py(def an_authors_books_of_a_decade(authorId, decade):
    """An author's books of a decade."""
    params = {"authorId": authorId, "decade": decade}
    request = {
        "KeyConditionExpression": "pk = :a AND begins_with(sk, :decade)",
        "ExpressionAttributeValues": {
            ":a": "AUTHOR#" + _text(params["authorId"]),
            ":decade": "BOOK#" + _text(params["decade"]),
        },
    }
)py") != std::string::npos);
    CHECK(module->find("def add_a_book(record):\n    \"\"\"Add a book.\"\"\"\n    "
                       "_table(\"Library\").put_item(Item=_item(record, book_keys))\n") != std::string::npos);
    return;
  }
  FAIL("no books-by-author challenge");
}

TEST_CASE("A design's TypeScript module: the document client, numbers kept exact, a function per pattern", "[code]") {
  for (const auto& f : ddb::test::ChallengeFiles()) {
    if (f.name != "00-books-by-author.json") continue;
    auto challenge = ddb::ParseChallenge(f.text, f.name);
    REQUIRE(challenge.ok());
    auto module = ddb::DesignModule(*challenge, challenge->reference, ddb::DesignLanguage::kTypeScript);
    REQUIRE(module.ok());
    CHECK(module->find("import { DynamoDBDocumentClient, GetCommand, NumberValue, PutCommand, QueryCommand, "
                       "QueryCommandInput } from \"@aws-sdk/lib-dynamodb\";\n") != std::string::npos);
    CHECK(module->find(R"ts(/** An author's books of a decade. */
export async function anAuthorsBooksOfADecade(authorId: Value, decade: Value): Promise<Item[]> {
  const params: Record<string, Value> = { authorId, decade };
  const input: QueryCommandInput = {
    TableName: "Library",
    KeyConditionExpression: "pk = :a AND begins_with(sk, :decade)",
    ExpressionAttributeValues: {
      ":a": "AUTHOR#" + text(params["authorId"]),
      ":decade": "BOOK#" + text(params["decade"]),
    },
  };)ts") != std::string::npos);
    CHECK(module->find("export async function addABook(record: Item): Promise<void> {\n  await client.send(new "
                       "PutCommand({ TableName: \"Library\", Item: withKeys(record, bookKeys) }));\n}\n") !=
          std::string::npos);
    return;
  }
  FAIL("no books-by-author challenge");
}

TEST_CASE("A pattern's function is named after it in snake case", "[code]") {
  CHECK(ddb::DesignFunctionName("An author's books, newest first", ddb::DesignLanguage::kTypeScript) ==
        "anAuthorsBooksNewestFirst");
  CHECK(ddb::DesignFunctionName("An author's books, newest first") == "an_authors_books_newest_first");
  CHECK(ddb::DesignFunctionName("  10 newest orders!") == "pattern_10_newest_orders");
  CHECK(ddb::DesignFunctionName("Ship an order") == "ship_an_order");
}
