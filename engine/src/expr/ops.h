// What DynamoDB knows about each operator and function: its name in messages, how many
// operands it takes, which operand types it accepts and which it returns. The table is
// DynamoDB's own (its Operator enum): the type sets below decide both the resolve-time
// "Incorrect operand type" errors and evaluation on mismatched items.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ddb/value.h"
#include "expr/ast.h"

namespace ddb::expr {

// A set of ValueTypes, one bit per type.
using TypeMask = std::uint16_t;
inline constexpr TypeMask Bit(ValueType t) { return static_cast<TypeMask>(1u << static_cast<unsigned>(t)); }
inline constexpr TypeMask kAllTypes = 0x3FF;
inline constexpr TypeMask kOrdered = Bit(ValueType::kS) | Bit(ValueType::kN) | Bit(ValueType::kB);
inline constexpr TypeMask kStringBinary = Bit(ValueType::kS) | Bit(ValueType::kB);
inline constexpr TypeMask kIterable = Bit(ValueType::kS) | Bit(ValueType::kB) | Bit(ValueType::kSS) |
                                      Bit(ValueType::kNS) | Bit(ValueType::kBS) | Bit(ValueType::kL) |
                                      Bit(ValueType::kM);
inline constexpr TypeMask kNumber = Bit(ValueType::kN);
inline constexpr TypeMask kList = Bit(ValueType::kL);
inline constexpr TypeMask kBool = Bit(ValueType::kBool);

struct FunctionInfo {
  std::string_view name;
  Op op;
  bool in_condition;  // a condition function (else an update function)
  std::uint32_t operands;
};

// The functions DynamoDB accepts, by exact (case-sensitive) name; null if unknown.
const FunctionInfo* FindFunction(std::string_view name);

// Operand types an operator accepts (a mismatch is a resolve error for literal operands and
// false/missing at evaluation).
TypeMask OperandTypes(Op op);
// Types a node may produce: a path may hold anything, a value has its type.
TypeMask ResultTypes(const ExprTree& tree, const Node& node);
// DynamoDB's spelling of a type set in messages: "N", or "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}".
std::string TypeSetName(TypeMask mask);
// True for the operators DynamoDB checks for "first operand must be distinct".
bool RequiresDistinctOperands(Op op);

}  // namespace ddb::expr
