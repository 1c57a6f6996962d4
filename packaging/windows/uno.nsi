; The Windows installer of the one-folder build (NSIS 3, Unicode):
;
;   makensis /DVERSION=0.1.0 /DSOURCE=dist/onedir/uno /DOUTFILE=out/uno-0.1.0-windows-x86_64-setup.exe packaging/windows/uno.nsi
;
; For this user only (no administrator rights): the game goes to
; %LOCALAPPDATA%\Programs\UNO, a Start-menu entry to the user's Start menu, the
; uninstaller to Settings > Apps (HKCU). The uninstaller removes the game and
; its entries; the player's settings, saves, statistics and log
; (%LOCALAPPDATA%\uno-game, platformdirs' folder for "uno-game") go only when
; asked: the uninstaller's component "Your settings, saves and statistics",
; unticked by default, or /REMOVEDATA on its command line (silent: /S).
;
; Self-test (release.yml): setup.exe /S /D=<dir>; then <dir>\Uninstall.exe /S _?=<dir>
; keeps the player's data, adding /REMOVEDATA removes it.
; .ci/run compiles this script on Linux (Debian's nsis) against the Linux
; one-folder build only to check that it compiles; only the Windows build is shipped.

Unicode true
SetCompressor /SOLID lzma
RequestExecutionLevel user

!ifndef VERSION
  !error "pass /DVERSION=x.y.z (game.__version__)"
!endif
!ifndef SOURCE
  !error "pass /DSOURCE=<the one-folder build, e.g. dist/onedir/uno>"
!endif
!ifndef OUTFILE
  !define OUTFILE "uno-${VERSION}-windows-x86_64-setup.exe"
!endif
!ifndef ROOT
  !define ROOT "../.."  ; makensis works in the script's folder: pass absolute paths
!endif

!define APP_NAME "UNO"
!define APP_KEY "uno-game"  ; platformdirs' app name: the player's data folder
!define EXE "uno.exe"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP_KEY}"

!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"
!include "Sections.nsh"

Name "${APP_NAME} ${VERSION}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP_NAME}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
ShowInstDetails show
ShowUninstDetails show

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=1033 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${APP_NAME} ${VERSION} installer"
VIAddVersionKey /LANG=1033 "LegalCopyright" "Copyright (c) 2026 The uno-game contributors, MIT licence"

!define MUI_ICON "${ROOT}/assets/icon.ico"
!define MUI_UNICON "${ROOT}/assets/icon.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"
!define MUI_COMPONENTSPAGE_NODESC

!insertmacro MUI_PAGE_LICENSE "${ROOT}/LICENSE"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_COMPONENTS
!insertmacro MUI_UNPAGE_INSTFILES

!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "SimpChinese"

LangString DataSection ${LANG_ENGLISH} "Your settings, saves and statistics"
LangString DataSection ${LANG_SIMPCHINESE} "你的设置、存档和统计"
LangString GameSection ${LANG_ENGLISH} "The game"
LangString GameSection ${LANG_SIMPCHINESE} "游戏本身"

Function .onInit
  !insertmacro MUI_LANGDLL_DISPLAY
FunctionEnd

Section "Install"
  SetOutPath "$INSTDIR"
  ; A new version replaces the old one's files (no stale modules left behind).
  RMDir /r "$INSTDIR\_internal"
  File /r "${SOURCE}/*"
  WriteUninstaller "$INSTDIR\Uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${EXE}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "The uno-game contributors"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0
SectionEnd

Section "!un.$(GameSection)" SecUnGame
  SectionIn RO
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  ; Only the files this installer put there: the folder goes only when empty.
  Delete "$INSTDIR\Uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd

Section /o "un.$(DataSection)" SecUnData
  ; platformdirs (appauthor=False, not roaming): config, data and Logs all live here.
  RMDir /r "$LOCALAPPDATA\${APP_KEY}"
SectionEnd

Function un.onInit
  !insertmacro MUI_UNGETLANGUAGE
  ; /REMOVEDATA on the command line ticks "Your settings, saves and statistics".
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/REMOVEDATA" $R1
  ${IfNot} ${Errors}
    SectionSetFlags ${SecUnData} ${SF_SELECTED}
  ${EndIf}
FunctionEnd
