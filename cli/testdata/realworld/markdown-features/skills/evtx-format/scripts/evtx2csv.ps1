# Writes one CSV row per event.
param([string]$Path)
Get-WinEvent -Path $Path | Select-Object TimeCreated, Id, LevelDisplayName, Message | Export-Csv -NoTypeInformation ($Path + ".csv")
