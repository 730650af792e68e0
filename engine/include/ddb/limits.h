// Every DynamoDB limit the engine enforces, in one place, each with the reason it exists.
// Sources: the DynamoDB Developer Guide, "Service, account, and table quotas" and
// "Item sizes and formats".
#pragma once

#include <cstddef>
#include <cstdint>

namespace ddb::limits {

// An item, attribute names included, may not exceed 400 KB: DynamoDB stores an item in one place.
inline constexpr std::size_t kMaxItemBytes = 400 * 1024;
// Partition-key values are hashed whole; DynamoDB caps them at 2,048 UTF-8 bytes.
inline constexpr std::size_t kMaxPartitionKeyBytes = 2048;
// Sort-key values are stored in key order inside a partition; capped at 1,024 bytes.
inline constexpr std::size_t kMaxSortKeyBytes = 1024;
// Numbers: up to 38 significant digits, magnitude from 1E-130 to 9.99...E+125.
inline constexpr int kMaxNumberDigits = 38;
inline constexpr int kMaxNumberExponent = 125;   // exponent of the leading digit
inline constexpr int kMinNumberExponent = -130;  // exponent of the leading digit

// Table and index names: 3 to 255 characters of [a-zA-Z0-9_.-].
inline constexpr std::size_t kMinTableNameLength = 3;
inline constexpr std::size_t kMaxTableNameLength = 255;
// Attribute names: 1 to 64 KB; key attribute names at most 255 bytes.
inline constexpr std::size_t kMaxKeyAttributeNameBytes = 255;
inline constexpr std::size_t kMaxAttributeNameBytes = 65535;
// A document may nest at most 32 levels deep.
inline constexpr int kMaxNestingDepth = 32;

// Capacity arithmetic: one read unit covers 4 KB strongly consistent (half for eventually
// consistent); one write unit covers 1 KB.
inline constexpr std::size_t kReadUnitBytes = 4 * 1024;
inline constexpr std::size_t kWriteUnitBytes = 1024;

// A single partition serves at most 3,000 read units and 1,000 write units per second,
// and stores about 10 GB; this is why hot keys throttle.
inline constexpr double kPartitionReadUnitsPerSecond = 3000;
inline constexpr double kPartitionWriteUnitsPerSecond = 1000;
inline constexpr std::uint64_t kPartitionBytes = 10ull * 1024 * 1024 * 1024;
// A new on-demand table can serve 4,000 writes and 12,000 reads per second at once, which
// at the per-partition rates above means it starts with four partitions.
inline constexpr int kOnDemandInitialPartitions = 4;
// With an LSI, one partition-key value's item collection may hold at most 10 GB.
inline constexpr std::uint64_t kItemCollectionBytes = 10ull * 1024 * 1024 * 1024;

// Provisioned throughput per table or index must be at least 1 and at most this.
inline constexpr std::int64_t kMaxProvisionedUnits = 1'000'000'000'000;
// Indexes per table.
inline constexpr std::size_t kMaxGlobalSecondaryIndexes = 20;
inline constexpr std::size_t kMaxLocalSecondaryIndexes = 5;
// A GSI's multi-attribute key: at most this many partition-key (HASH) attributes, and as many
// sort-key (RANGE) attributes.
inline constexpr std::size_t kMaxIndexKeyAttributesPerRole = 4;

// ListTables returns at most 100 names per page.
inline constexpr int kMaxListTablesLimit = 100;

}  // namespace ddb::limits
