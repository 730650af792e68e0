// Typed requests from DynamoDB JSON bodies, and typed results back to DynamoDB JSON.
// Conversion checks only JSON types (SerializationException, as DynamoDB's front end does);
// every rule about values is the engine's.
#pragma once

#include <nlohmann/json.hpp>

#include "ddb/partiql.h"
#include "ddb/requests.h"
#include "ddb/status.h"

namespace ddb {

using json = nlohmann::json;

Result<CreateTableRequest> CreateTableRequestFromJson(const json& body);
Result<UpdateTableRequest> UpdateTableRequestFromJson(const json& body);
Result<std::optional<std::string>> TableNameFromJson(const json& body);
Result<ListTablesRequest> ListTablesRequestFromJson(const json& body);
Result<UpdateContributorInsightsRequest> UpdateContributorInsightsRequestFromJson(const json& body);
Result<DescribeContributorInsightsRequest> DescribeContributorInsightsRequestFromJson(const json& body);
Result<ListContributorInsightsRequest> ListContributorInsightsRequestFromJson(const json& body);
Result<PutItemRequest> PutItemRequestFromJson(const json& body);
Result<GetItemRequest> GetItemRequestFromJson(const json& body);
Result<DeleteItemRequest> DeleteItemRequestFromJson(const json& body);
Result<UpdateItemRequest> UpdateItemRequestFromJson(const json& body);
Result<QueryRequest> QueryRequestFromJson(const json& body);
Result<ScanRequest> ScanRequestFromJson(const json& body);
Result<BatchGetItemRequest> BatchGetItemRequestFromJson(const json& body);
Result<BatchWriteItemRequest> BatchWriteItemRequestFromJson(const json& body);
Result<TransactWriteItemsRequest> TransactWriteItemsRequestFromJson(const json& body);
Result<TransactGetItemsRequest> TransactGetItemsRequestFromJson(const json& body);
Result<ExecuteStatementRequest> ExecuteStatementRequestFromJson(const json& body);
Result<BatchExecuteStatementRequest> BatchExecuteStatementRequestFromJson(const json& body);
Result<ExecuteTransactionRequest> ExecuteTransactionRequestFromJson(const json& body);
Result<UpdateTimeToLiveRequest> UpdateTimeToLiveRequestFromJson(const json& body);
Result<TagResourceRequest> TagResourceRequestFromJson(const json& body);
Result<UntagResourceRequest> UntagResourceRequestFromJson(const json& body);
Result<ListTagsOfResourceRequest> ListTagsOfResourceRequestFromJson(const json& body);

json ToJson(const ListTablesResult& r);
json ToJson(const ConsumedCapacity& c);

}  // namespace ddb
