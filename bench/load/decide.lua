-- wrk script: each thread plays hot-seat games of the demo over one connection, one decision at a
-- time: it makes a game (POST /api/games), answers its pending decision ("end" when offered, else
-- the first option) at the view's seq until the game is over, then makes another. Every decision
-- is committed by the server before its answer. done() prints the decisions answered 200 and
-- any other answers (a 409 or 422 would say the script and the game disagree).
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  token, seq, key = nil, 0, "end"
  decided, games, other = 0, 0, 0
end

function request()
  if token == nil then
    return wrk.format("POST", "/api/games", {["Content-Type"] = "application/json"},
                      '{"scenario":"demo","mode":"hotseat"}')
  end
  return wrk.format("POST", "/api/g/" .. token .. "/decide",
                    {["Content-Type"] = "application/json"},
                    string.format('{"seq":%d,"key":"%s"}', seq, key))
end

-- the view's seq and the key to send next; nil when nothing is pending
local function next_of(body)
  local s = body:match('"seq":(%d+)')
  local pending = body:match('"pending":(.)')
  if s == nil or pending ~= "{" then return nil end
  local options = body:match('"options":%[(.-)%],"yours"')
  if options == nil then return nil end
  if options:find('"key":"end"', 1, true) then return tonumber(s), "end" end
  return tonumber(s), options:match('"key":"([^"]*)"')
end

function response(status, headers, body)
  if token == nil then
    if status == 201 then
      token = body:match('"both":"/g/([^"]+)"')
      seq, key = 0, "end"
      games = games + 1
    else
      other = other + 1
    end
    return
  end
  if status == 200 then decided = decided + 1 else other = other + 1 end
  local s, k = next_of(body)
  if s == nil or k == nil then
    token = nil -- over (or not understood): a new game
  else
    seq, key = s, k
  end
end

function done(summary, latency, requests)
  local d, g, o = 0, 0, 0
  for _, t in ipairs(threads) do
    d, g, o = d + t:get("decided"), g + t:get("games"), o + t:get("other")
  end
  local seconds = summary.duration / 1e6
  io.write(string.format("decisions answered 200: %d in %.1f s, %.0f/s; games made: %d; " ..
                         "other answers: %d\n", d, seconds, d / seconds, g, o))
end
