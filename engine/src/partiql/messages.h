// DynamoDB's PartiQL error messages, each where it was found.
#pragma once

#include <string>
#include <string_view>

#include "ddb/status.h"

namespace ddb::partiql {

// A statement DynamoDB cannot parse. DynamoDB's message starts "Statement wasn't well formed,
// can't be processed: " and goes on with its parser's reason (e.g. "Expected identifier for
// simple path", recorded against the service in LocalStack's DynamoDB snapshots and in
// paritysuite/dynamodb-conformance). A reason recorded against AWS is cited where it is made;
// the others are the playground's own words, naming what it found.
inline Status Malformed(std::string_view reason) {
  return Status::Validation("Statement wasn't well formed, can't be processed: " + std::string(reason));
}

// The statement's ?s and the request's Parameters differ in number.
inline Status ParameterCountMismatch() {
  return Status::Validation("Number of parameters in request and statement don't match.");
}

// UPDATE and DELETE act on one item: the WHERE clause must fix every key attribute.
inline Status MissingKeyEquality() {
  return Status::Validation("Where clause does not contain a mandatory equality on all key attributes");
}

// Two branches of an OR that read overlapping sort-key ranges of one partition (DynamoDB's
// shared PartiQL library, UNSUPPORTED_OVERLAP_CONDITION, as DynamoDB Local carries it; recorded
// against AWS in paritysuite/dynamodb-conformance, partiqlGrammar.test.ts).
inline Status OverlappingRangeConditions() {
  return Status::Validation("Overlapping conditions with range keys are not supported in where clause");
}

}  // namespace ddb::partiql
