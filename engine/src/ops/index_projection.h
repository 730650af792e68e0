// What a read of a secondary index may ask of the attributes the index projects, and
// DynamoDB's refusals when it asks for more than the index can give.
#pragma once

#include <string>
#include <vector>

#include "ddb/status.h"
#include "storage/stored_index.h"

namespace ddb {

// Of `names` (top-level attribute names, in the order a request gives them), those `index`
// does not project, each once.
std::vector<std::string> NotProjected(const StoredIndex& index, const std::vector<std::string>& names);

// A GSI cannot fetch from the table what it does not project (an LSI can): a read asking for
// such attributes is refused, naming them in the order asked. Recorded against DynamoDB for a
// Query's ProjectionExpression ("One or more parameter values were invalid: Global secondary
// index my_index does not project [table_column]", localstack/localstack#478) and for a PartiQL
// SELECT's list ("... does not project [zdrop, adrop]", floci-io/floci and dynoxide, both
// characterised on AWS in 2026).
Status GlobalIndexDoesNotProject(const std::string& index, const std::vector<std::string>& names);

// A PartiQL SELECT that reads an index by its partition key (a Query) may filter only on what
// the index projects, GSI or LSI, with words of their own: no "Global" or "Local" (nubo-db/
// dynamodb-conformance's partiql.test.ts and dynoxide's tests, recorded against AWS).
Status IndexDoesNotProjectFilterAttributes(const std::string& index, const std::vector<std::string>& names);

}  // namespace ddb
