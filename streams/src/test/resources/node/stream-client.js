// Publishes and consumes through rabbitmq-stream-js-client against the broker at 127.0.0.1:<port>.
// Usage: node stream-client.js <port> <stream> <count>
// Prints one JSON object a line: {"confirmed": n}, then {"offset": o, "body": b, "filter": f} per message received,
// then {"filtered": [bodies]} for a consumer filtering on "even", and {"done": true}.
const rabbit = require("rabbitmq-stream-js-client")

const [port, stream, countText] = process.argv.slice(2)
const count = Number(countText)
const WAIT_MS = 20000

function within(promise, what) {
  let timer
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), WAIT_MS)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function print(value) {
  console.log(JSON.stringify(value, (_, v) => (typeof v === "bigint" ? Number(v) : v)))
}

async function main() {
  const client = await rabbit.connect({
    hostname: "127.0.0.1",
    port: Number(port),
    username: "guest",
    password: "guest",
    vhost: "/",
  })
  await client.createStream({ stream, arguments: {} })

  // each message is tagged "even" or "odd" by its number, sent as its filter value (publish v2)
  const publisher = await client.declarePublisher({ stream }, (message) => message.applicationProperties.parity)
  const confirmed = new Set()
  let allConfirmed
  const confirmations = new Promise((resolve) => (allConfirmed = resolve))
  publisher.on("publish_confirm", (error, ids) => {
    if (error) {
      print({ error })
      return
    }
    ids.forEach((id) => confirmed.add(id.toString()))
    if (confirmed.size >= count) allConfirmed()
  })
  for (let i = 0; i < count; i++) {
    await publisher.send(Buffer.from(`message-${i}`), { applicationProperties: { parity: i % 2 === 0 ? "even" : "odd" } })
    if (i % 10 === 9) await publisher.flush() // chunks of ten messages
  }
  await publisher.flush()
  await within(confirmations, "the publish confirms")
  print({ confirmed: confirmed.size })

  const received = []
  let allReceived
  const deliveries = new Promise((resolve) => (allReceived = resolve))
  await client.declareConsumer({ stream, offset: rabbit.Offset.first() }, (message) => {
    received.push({ offset: message.offset, body: message.content.toString("utf-8") })
    if (received.length >= count) allReceived()
  })
  await within(deliveries, "the messages")
  received.forEach((message) => print(message))

  // a consumer filtering on "even": the broker sends the chunks whose bloom filter may hold it, the post filter the rest
  const filtered = []
  let allFiltered
  const filteredDeliveries = new Promise((resolve) => (allFiltered = resolve))
  await client.declareConsumer(
    {
      stream,
      offset: rabbit.Offset.first(),
      filter: {
        values: ["even"],
        postFilterFunc: (message) => message.applicationProperties.parity === "even",
        matchUnfiltered: false,
      },
    },
    (message) => {
      filtered.push(message.content.toString("utf-8"))
      if (filtered.length >= count / 2) allFiltered()
    }
  )
  await within(filteredDeliveries, "the filtered messages")
  print({ filtered })

  await client.close()
  print({ done: true })
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  }
)
