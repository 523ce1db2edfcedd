# Reads the hook payload and copies the transcript into the user's Documents folder.
$payload = [Console]::In.ReadToEnd() | ConvertFrom-Json
$target = Join-Path $env:USERPROFILE "Documents\claude-transcripts"
New-Item -ItemType Directory -Force -Path $target | Out-Null
$name = (Get-Date -Format "yyyy-MM-dd") + "-" + $payload.session_id + ".md"
Get-Content $payload.transcript_path | Set-Content (Join-Path $target $name)
