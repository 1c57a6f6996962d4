# Self-test of the Windows installer (release.yml runs it on windows-latest):
#
#   powershell -ExecutionPolicy Bypass -File packaging\windows\selftest-installer.ps1 -Setup out\uno-<version>-windows-x86_64-setup.exe
#
# Installs silently into a temporary folder; checks the game, the uninstaller,
# the Start-menu entry and the Settings > Apps entry; runs the installed
# uno.exe --self-test; uninstalls (the player's data stays); installs again and
# uninstalls with /REMOVEDATA (the player's data goes). Exits non-zero at the
# first failure.
param([Parameter(Mandatory = $true)][string]$Setup)
$ErrorActionPreference = "Stop"

$base = if ($env:RUNNER_TEMP) { $env:RUNNER_TEMP } else { $env:TEMP }
$dir = Join-Path $base "uno-installed"          # no spaces: NSIS's /D takes no quotes
$data = Join-Path $env:LOCALAPPDATA "uno-game"  # platformdirs' folder of the game
$lnk = Join-Path ([Environment]::GetFolderPath("Programs")) "UNO.lnk"
$key = "HKCU:\Software\Microsoft\Windows\CurrentVersion\Uninstall\uno-game"

function Run([string]$exe, [string[]]$arguments) {
    $p = Start-Process -FilePath $exe -ArgumentList $arguments -Wait -PassThru
    if ($p.ExitCode -ne 0) { throw "$exe $arguments exited with $($p.ExitCode)" }
}
function Check([bool]$ok, [string]$what) {
    if (-not $ok) { throw "installer self-test: $what" }
    Write-Host "ok   $what"
}
function Install {
    Run (Resolve-Path $Setup).Path @("/S", "/D=$dir")
    Check (Test-Path "$dir\uno.exe") "uno.exe installed in $dir"
    Check (Test-Path "$dir\_internal") "its _internal folder installed"
    Check (Test-Path "$dir\Uninstall.exe") "the uninstaller written"
    Check (Test-Path $lnk) "the Start-menu entry $lnk"
    Check ((Get-ItemProperty $key).DisplayName -eq "UNO") "the Settings > Apps entry"
}
function Uninstall([string[]]$options) {
    # _?= makes the uninstaller run in place and wait (it then leaves itself behind).
    Run "$dir\Uninstall.exe" (@("/S") + $options + @("_?=$dir"))
    Check (-not (Test-Path "$dir\uno.exe")) "uno.exe removed"
    Check (-not (Test-Path "$dir\_internal")) "_internal removed"
    Check (-not (Test-Path $lnk)) "the Start-menu entry removed"
    Check (-not (Test-Path $key)) "the Settings > Apps entry removed"
    Remove-Item "$dir\Uninstall.exe"
}

Install
$home_ = Join-Path $base "uno-installed-home"
$env:UNO_GAME_HOME = $home_
$p = Start-Process -FilePath "$dir\uno.exe" -ArgumentList "--self-test" -Wait -PassThru -NoNewWindow `
    -RedirectStandardOutput "$base\uno-installed-selftest.txt"
Get-Content "$base\uno-installed-selftest.txt" | Out-Host
Remove-Item Env:UNO_GAME_HOME
Check ($p.ExitCode -eq 0) "the installed uno.exe passes its self-test"

# The player's data (a stand-in file where the game keeps its settings).
New-Item -ItemType Directory -Force "$data\config" | Out-Null
Set-Content "$data\config\installer-selftest.txt" "kept unless asked"
Uninstall @()
Check (Test-Path "$data\config\installer-selftest.txt") "the player's data kept by a plain uninstall"

Install
Uninstall @("/REMOVEDATA")
Check (-not (Test-Path $data)) "the player's data removed with /REMOVEDATA"
Write-Host "installer self-test passed"
