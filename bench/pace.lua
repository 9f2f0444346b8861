-- pace.lua - wrk script: an open-loop rate, as a scraper or a dashboard sends, not back to back.
--   wrk -t1 -cC -dD --latency -s bench/pace.lua URL -- RATE
-- Each connection asks delay() before each request; the thread hands out send slots RATE per second (one thread:
-- RATE in all), so the connections share one schedule. A connection whose slot is already past sends at once (a
-- stall is caught up, as an open-loop client would; with enough connections the client is not what waits).
-- wrk times a request from its send, so its percentiles leave out a wait for a free connection: the achieved rate
-- (requests / seconds) says whether there was one. Needs LuaJIT's ffi (Debian's wrk has it) for a clock in ms.
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } pace_timespec;
  int clock_gettime(int clk_id, pace_timespec *tp);
]]
local ts = ffi.new("pace_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

local interval, next_at

function init(args)
  interval = 1000 / tonumber(args[1] or "200")
end

function delay()
  local t = now_ms()
  local slot = next_at or t
  next_at = slot + interval
  if slot <= t then return 0 end
  return slot - t
end
