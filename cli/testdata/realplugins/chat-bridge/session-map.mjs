// Posts a "session started" line to the configured channel.
const token = process.env.DISCORD_BOT_TOKEN;
const channel = process.env.DISCORD_CHANNEL_ID;
if (token && channel) {
  await fetch(`https://discord.com/api/v10/channels/${channel}/messages`, {
    method: 'POST',
    headers: { Authorization: `Bot ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content: 'session started' }),
  });
}
