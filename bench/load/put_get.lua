-- wrk script: an even mix of PutItem and GetItem on a table keyed by "pk" (S), spread over
-- DDB_BENCH_KEYS keys (default 10000). Every request is built once, in init, so wrk spends
-- its time sending and timing requests, not formatting them: the load generator must not be
-- what limits the figures. Requests carry a SigV4-shaped Authorization header (neither the
-- playground server nor dynalite verifies signatures; both want one).
--   wrk -t1 -c32 -d10s -s bench/load/put_get.lua http://127.0.0.1:8000
-- done() prints one machine-readable line, "RESULT key=value ...", for bench/load/run.mjs.

local table_name = os.getenv("DDB_BENCH_TABLE") or "LoadBench"
local key_count = tonumber(os.getenv("DDB_BENCH_KEYS") or "10000")
local pool_size = 4096  -- distinct requests cycled through (half puts, half gets)

local pool = {}
local next_request = 0

local function headers(operation)
  return {
    ["Content-Type"] = "application/x-amz-json-1.0",
    ["X-Amz-Target"] = "DynamoDB_20120810." .. operation,
    ["X-Amz-Date"] = "20240101T000000Z",
    ["Authorization"] = "AWS4-HMAC-SHA256 Credential=AKIDLOADBENCH/20240101/us-east-1/dynamodb/aws4_request, "
      .. "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0000000000000000000000000000000000000000000000000000000000000000",
  }
end

local function put_body(key)
  return string.format(
    '{"TableName":"%s","Item":{"pk":{"S":"user#%06d"},"name":{"S":"Load Bench User %d"},' ..
    '"visits":{"N":"%d"},"active":{"BOOL":true},"tags":{"SS":["alpha","beta"]},' ..
    '"bio":{"S":"%s"}}}',
    table_name, key, key, key * 7, string.rep("x", 96))
end

local function get_body(key)
  return string.format('{"TableName":"%s","Key":{"pk":{"S":"user#%06d"}},"ConsistentRead":true}', table_name, key)
end

function init(args)
  math.randomseed(12345)
  for i = 1, pool_size do
    local key = math.random(key_count)
    if i % 2 == 1 then
      pool[i] = wrk.format("POST", "/", headers("PutItem"), put_body(key))
    else
      pool[i] = wrk.format("POST", "/", headers("GetItem"), get_body(key))
    end
  end
end

function request()
  next_request = next_request % pool_size + 1
  return pool[next_request]
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format(
    "RESULT requests=%d seconds=%.3f rps=%.1f p50_us=%d p90_us=%d p99_us=%d max_us=%d " ..
    "non2xx=%d connect_errors=%d read_errors=%d write_errors=%d timeouts=%d\n",
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    summary.errors.status, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.timeout))
end
